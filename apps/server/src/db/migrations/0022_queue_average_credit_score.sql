CREATE INDEX "applications_lender_avg_credit_score_idx" ON "applications" USING btree ("lender_id","average_credit_score","id");--> statement-breakpoint
-- The applicant name matches stand for `applications a` in the queues (0017): the new queue column joins them.
DROP FUNCTION credence_applicant_name_like(text);--> statement-breakpoint
CREATE FUNCTION credence_applicant_name_like(p_pattern text)
  RETURNS TABLE (id integer, lender_id integer, loan_product_id integer, state text, source text, direct boolean,
                 dealer_id integer, requested_amount numeric, requested_amount_cents bigint, est_amt_financed numeric,
                 est_amt_financed_cents bigint, term_months integer, average_credit_score integer,
                 created_by_user_id integer, created_at timestamptz, updated_at timestamptz, locked_by_user_id integer,
                 lock_expires_at timestamptz, primary_applicant_name text, primary_member_number text, queue text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 1000
  AS $$
  SELECT a.id, a.lender_id, a.loan_product_id, a.state, a.source, a.direct, a.dealer_id, a.requested_amount,
         a.requested_amount_cents, a.est_amt_financed, a.est_amt_financed_cents, a.term_months, a.average_credit_score,
         a.created_by_user_id, a.created_at, a.updated_at, a.locked_by_user_id, a.lock_expires_at,
         a.primary_applicant_name, a.primary_member_number, a.queue
    FROM applications a
   WHERE a.lender_id = credence_current_lender() AND a.primary_applicant_name ILIKE p_pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION credence_applicant_name_like(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION credence_applicant_name_like(text) TO credence_app;
