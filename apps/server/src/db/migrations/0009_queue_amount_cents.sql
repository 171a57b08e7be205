DROP INDEX "applications_lender_requested_amount_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "requested_amount_cents" bigint GENERATED ALWAYS AS ((round(requested_amount * 100))::bigint) STORED;--> statement-breakpoint
CREATE INDEX "applications_lender_requested_amount_idx" ON "applications" USING btree ("lender_id","requested_amount_cents","id");--> statement-breakpoint
-- The applicant column's text filters (contains, equals, startsWith; case-insensitive). ILIKE is not LEAKPROOF,
-- so under row-level security the trigram index could not serve them; like credence_applicant_lookup (0008)
-- this runs as the owner with the very same tenant scope as the policy.
CREATE OR REPLACE FUNCTION credence_applicant_name_like(p_pattern text)
  RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 1000
  AS $$
  SELECT id FROM applications
   WHERE lender_id = credence_current_lender() AND primary_applicant_name ILIKE p_pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION credence_applicant_name_like(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION credence_applicant_name_like(text) TO credence_app;
