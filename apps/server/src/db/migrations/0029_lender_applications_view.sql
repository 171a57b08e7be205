-- Issue 17 item 11: the applicant "contains" filter at a million applications. ILIKE is not leakproof, so under
-- the row-level policy it can never be an index condition; 0016/0017 read the matches through a SECURITY DEFINER
-- function instead, which copied every match whole into the function's result and again into the page's CTE
-- (p95 55 ms bare for 9 371 matches). This view gives the same tenant scope with the owner's rights, and, unlike
-- a function, the planner sees through it: the name condition is an index condition on the per-lender trigram
-- index, and the page's ids and their count come from one narrow scan (queue-sql.ts pageAndCountQuery).
--
-- Safety: the view's own condition is the policy's (lender_id = credence_current_lender(), no rows when no
-- lender is set). It is not a security barrier, so conditions of the query that uses it may be evaluated on
-- other lenders' rows before that condition; the queues use it only with their own fixed conditions (the
-- lender's id again, comparisons and ILIKE with bound values), which return nothing and raise nothing that
-- depends on a row. The app reads it and cannot write through it.
DROP FUNCTION credence_applicant_name_like(text);--> statement-breakpoint
CREATE VIEW credence_lender_applications AS
  SELECT a.id, a.lender_id, a.loan_product_id, a.state, a.source, a.direct, a.dealer_id, a.requested_amount,
         a.requested_amount_cents, a.est_amt_financed, a.est_amt_financed_cents, a.term_months, a.average_credit_score,
         a.created_by_user_id, a.created_at, a.updated_at, a.locked_by_user_id, a.lock_expires_at,
         a.primary_applicant_name, a.primary_member_number, a.queue
    FROM applications a
   WHERE a.lender_id = credence_current_lender();
--> statement-breakpoint
REVOKE ALL ON credence_lender_applications FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON credence_lender_applications FROM credence_app;--> statement-breakpoint
GRANT SELECT ON credence_lender_applications TO credence_app;
