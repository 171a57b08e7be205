-- Queues: row-level security on the new tenant tables, the primary applicant kept on applications, and the
-- per-queue counts kept by statement triggers (one write per statement and queue, none when no queue moves).
CALL credence_protect_tenant_table('application_queue_counts');
--> statement-breakpoint
CALL credence_protect_tenant_table('recent_applications');
--> statement-breakpoint
CALL credence_protect_tenant_table('search_filters');
--> statement-breakpoint
CALL credence_protect_tenant_table('search_filter_user_groups');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credence_refresh_primary_applicant() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE applications a
     SET primary_applicant_name = p.name, primary_member_number = p.member_number
    FROM (SELECT DISTINCT application_id, lender_id FROM changed) c
    LEFT JOIN LATERAL (
      SELECT CASE WHEN ap.is_business THEN nullif(ap.company_name, '')
                  ELSE nullif(concat_ws(' ', ap.first_name, ap.last_name), '') END AS name,
             ap.member_number
        FROM applicants ap
       WHERE ap.application_id = c.application_id AND ap.lender_id = c.lender_id AND ap.role = 'PRIMARY'
       ORDER BY ap.sort_order, ap.id
       LIMIT 1) p ON true
   WHERE a.id = c.application_id AND a.lender_id = c.lender_id
     AND (a.primary_applicant_name IS DISTINCT FROM p.name OR a.primary_member_number IS DISTINCT FROM p.member_number);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applicants_primary_insert AFTER INSERT ON applicants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION credence_refresh_primary_applicant();
--> statement-breakpoint
CREATE TRIGGER applicants_primary_update AFTER UPDATE ON applicants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION credence_refresh_primary_applicant();
--> statement-breakpoint
CREATE TRIGGER applicants_primary_delete AFTER DELETE ON applicants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION credence_refresh_primary_applicant();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credence_count_queues() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_queue_counts AS q (lender_id, queue, count)
    SELECT lender_id, coalesce(queue, 'closed'), count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (lender_id, queue) DO UPDATE SET count = q.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_queue_counts AS q (lender_id, queue, count)
    SELECT lender_id, coalesce(queue, 'closed'), -count(*) FROM old_rows GROUP BY 1, 2
    ON CONFLICT (lender_id, queue) DO UPDATE SET count = q.count + excluded.count;
  ELSE
    INSERT INTO application_queue_counts AS q (lender_id, queue, count)
    SELECT lender_id, queue, sum(delta) FROM (
      SELECT lender_id, coalesce(queue, 'closed') AS queue, 1 AS delta FROM new_rows
      UNION ALL
      SELECT lender_id, coalesce(queue, 'closed'), -1 FROM old_rows) d
    GROUP BY 1, 2 HAVING sum(delta) <> 0
    ON CONFLICT (lender_id, queue) DO UPDATE SET count = q.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_count_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION credence_count_queues();
--> statement-breakpoint
CREATE TRIGGER applications_count_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION credence_count_queues();
--> statement-breakpoint
CREATE TRIGGER applications_count_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION credence_count_queues();
--> statement-breakpoint
-- Existing rows: the primary applicant and the counts.
UPDATE applications a
   SET primary_applicant_name = p.name, primary_member_number = p.member_number
  FROM (SELECT DISTINCT ON (application_id) application_id, lender_id,
               CASE WHEN is_business THEN nullif(company_name, '')
                    ELSE nullif(concat_ws(' ', first_name, last_name), '') END AS name,
               member_number
          FROM applicants WHERE role = 'PRIMARY' ORDER BY application_id, sort_order, id) p
 WHERE a.id = p.application_id AND a.lender_id = p.lender_id;
--> statement-breakpoint
INSERT INTO application_queue_counts (lender_id, queue, count)
SELECT lender_id, coalesce(queue, 'closed'), count(*) FROM applications GROUP BY 1, 2
ON CONFLICT (lender_id, queue) DO UPDATE SET count = excluded.count;
