-- Reports at scale (issue 33): what the reports read over a period, by index (covering where it saves reading the
-- wide rows). Hand SQL: drizzle's index builder has no INCLUDE.

-- Credit decisions (receipt rows) made in a period: Decisions, the pipeline's flow, the adverse action register.
CREATE INDEX "application_decisions_decision_created_idx" ON "application_decisions"
  USING btree ("lender_id", "created_at") INCLUDE ("application_id", "version", "decision_type", "source")
  WHERE "entry_kind" = 'decision';--> statement-breakpoint
-- An application's first decision / first approval (min(version) of its receipt rows), read index-only (the
-- lender too: row-level security checks it).
CREATE INDEX "application_decisions_decision_version_idx" ON "application_decisions"
  USING btree ("application_id", "version") INCLUDE ("decision_type", "created_at", "lender_id")
  WHERE "entry_kind" = 'decision';--> statement-breakpoint
-- Decisions made outside the policy (Policy exceptions).
CREATE INDEX "application_decisions_policy_exception_idx" ON "application_decisions"
  USING btree ("lender_id", "created_at")
  WHERE "entry_kind" = 'decision' AND jsonb_typeof("receipt" -> 'policyException') = 'object';--> statement-breakpoint
-- Stipulations waived, by the moment of the waiver (Policy exceptions).
CREATE INDEX "application_funding_requirements_waived_idx" ON "application_funding_requirements"
  USING btree ("lender_id", "status_changed_at")
  WHERE "status" = 'waived' AND "status_changed_at" IS NOT NULL;--> statement-breakpoint
-- Loans funded in a period with the figures the reports sum (Funded loans, the loan list, Add-on penetration).
CREATE INDEX "loans_funded_figures_idx" ON "loans"
  USING btree ("lender_id", "funded_at") INCLUDE ("application_id", "amount", "interest_rate", "term_months", "decision_id")
  WHERE "is_funded";--> statement-breakpoint
-- An application's loan and whether (when) it is funded, read index-only (Dealer scorecard, Decisions' pull-through).
CREATE INDEX "loans_application_funded_idx" ON "loans"
  USING btree ("application_id") INCLUDE ("lender_id", "id", "is_funded", "funded_at");--> statement-breakpoint
-- Applications submitted in a period with the columns the shared filters and the pipeline, the dealer scorecard and
-- the funded loan list read (also read whole, index-only, when a report joins the lender's applications by id).
CREATE INDEX "applications_lender_created_report_idx" ON "applications"
  USING btree ("lender_id", "created_at")
  INCLUDE ("id", "queue", "state", "est_amt_financed", "value", "loan_product_id", "dealer_id", "direct",
           "created_by_user_id", "average_credit_score", "primary_applicant_name");
