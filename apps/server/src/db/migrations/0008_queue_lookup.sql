-- The side-menu lookup (spec 1 §5) matches applicants by lower(first_name) and lower(last_name). lower() is
-- not LEAKPROOF, so under row-level security PostgreSQL must evaluate it after the tenant policy and cannot
-- use the (lender_id, lower(...)) indexes: every applicant of the lender would be read on each lookup. This
-- function runs as the table owner (not subject to the policy) and applies the very same tenant scope as the
-- policy, lender_id = credence_current_lender(), so each alternative is one index probe.
CREATE OR REPLACE FUNCTION credence_applicant_lookup(p_text text, p_ssn_hash text, p_first text, p_last text)
  RETURNS SETOF integer
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 20
  AS $$
  SELECT application_id FROM applicants
   WHERE lender_id = credence_current_lender() AND member_number = p_text
  UNION
  SELECT application_id FROM applicants
   WHERE lender_id = credence_current_lender() AND p_ssn_hash IS NOT NULL AND ssn_hash = p_ssn_hash
  UNION
  SELECT application_id FROM applicants
   WHERE lender_id = credence_current_lender() AND lower(first_name) = lower(p_text)
  UNION
  SELECT application_id FROM applicants
   WHERE lender_id = credence_current_lender() AND lower(last_name) = lower(p_text)
  UNION
  SELECT application_id FROM applicants
   WHERE lender_id = credence_current_lender() AND p_last IS NOT NULL
     AND lower(last_name) = p_last AND lower(first_name) = p_first
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION credence_applicant_lookup(text, text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION credence_applicant_lookup(text, text, text, text) TO credence_app;
