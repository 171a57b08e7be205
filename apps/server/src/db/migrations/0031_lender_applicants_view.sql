-- Issue 10 (bench:load): the side-menu lookup of a common last name at a million applications. The function
-- credence_applicant_lookup (0008) answered every matching application (27 914 for "Smith" at Summit), which the
-- page then joined, sorted and counted whole: 170 ms for the newest one and a count capped at 2. The planner could
-- not see into the function, so it could never walk the page's index and stop at the first matches instead.
--
-- This view gives the lookup's applicant columns with the tenant scope of the policy and the owner's rights, like
-- credence_lender_applications (0029). The lookup reads `a.id in (select application_id from this view where …)`
-- from that view, so the statement touches no table under row-level security: lower() (not leakproof) is then an
-- index condition of the name indexes, and the planner chooses per name from the statistics: gather the few
-- matches of a rare name through the name, member number and SSN indexes, or walk the page's index and probe the
-- applicants of each application for a common one (one application in 18 at Summit has a Smith).
--
-- Safety as in 0029: the view's own condition is the policy's (lender_id = credence_current_lender(), no rows
-- when no lender is set). It is not a security barrier; the queues use it only with their own fixed conditions
-- (equality with bound values, lower()), which return nothing and raise nothing that depends on a row. The app
-- reads it and cannot write through it.
DROP FUNCTION credence_applicant_lookup(text, text, text, text);--> statement-breakpoint
CREATE VIEW credence_lender_applicants AS
  SELECT p.id, p.lender_id, p.application_id, p.member_number, p.ssn_hash, p.first_name, p.last_name
    FROM applicants p
   WHERE p.lender_id = credence_current_lender();
--> statement-breakpoint
REVOKE ALL ON credence_lender_applicants FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON credence_lender_applicants FROM credence_app;--> statement-breakpoint
GRANT SELECT ON credence_lender_applicants TO credence_app;
