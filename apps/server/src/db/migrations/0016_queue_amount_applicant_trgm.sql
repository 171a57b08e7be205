-- Issue 17 item 4: the queues' Amount column, the estimated amount financed (filled for every loan type by the
-- server on save) in cents. A bigint comparison is LEAKPROOF, so under row-level security the
-- (lender_id, column, id) index serves its filters and sorts. A plain column kept by a row trigger rather than a
-- stored generated column: adding this column does not rewrite the table, and only rows with an amount are
-- written by the back-fill.
ALTER TABLE "applications" ADD COLUMN "est_amt_financed_cents" bigint;--> statement-breakpoint
CREATE OR REPLACE FUNCTION credence_amount_cents() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.est_amt_financed_cents := round(NEW.est_amt_financed * 100)::bigint;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_amount_cents BEFORE INSERT OR UPDATE ON applications
  FOR EACH ROW EXECUTE FUNCTION credence_amount_cents();
--> statement-breakpoint
UPDATE "applications" SET "est_amt_financed_cents" = round("est_amt_financed" * 100)::bigint
 WHERE "est_amt_financed" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_lender_amount_idx" ON "applications" USING btree ("lender_id","est_amt_financed_cents","id");--> statement-breakpoint
-- Issue 17 item 11: the applicant "contains" filter. The trigram index is per lender (btree_gin, shipped with
-- PostgreSQL contrib and trusted like pg_trgm), so a filter reads only its lender's postings.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "applications_applicant_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "applications_lender_applicant_name_trgm_idx" ON "applications" USING gin ("lender_id","primary_applicant_name" gin_trgm_ops);--> statement-breakpoint
-- The matching applications whole (not only their ids): the queue reads each match once, in the bitmap heap
-- scan that rechecks the pattern, and sorts, pages and counts them from there without a second probe per match.
-- Same tenant scope as the policy (SECURITY DEFINER, as 0009: ILIKE is not LEAKPROOF).
DROP FUNCTION credence_applicant_name_like(text);--> statement-breakpoint
CREATE FUNCTION credence_applicant_name_like(p_pattern text)
  RETURNS SETOF applications
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 1000
  AS $$
  SELECT * FROM applications
   WHERE lender_id = credence_current_lender() AND primary_applicant_name ILIKE p_pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION credence_applicant_name_like(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION credence_applicant_name_like(text) TO credence_app;
