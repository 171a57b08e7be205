-- Tenancy: every tenant-owned table is guarded by row-level security against the lender set for the
-- current transaction (set_config('app.lender_id', ..., true)). Tenant work runs as credence_app, a role
-- that is neither owner nor superuser, so the policies always apply to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'credence_app') THEN
    CREATE ROLE credence_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- created at the same moment by a migration of another database in this cluster
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'credence_app', 'MEMBER') THEN
    EXECUTE format('GRANT credence_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO credence_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO credence_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO credence_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO credence_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO credence_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credence_current_lender() RETURNS integer
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.lender_id', true), '')::integer $$;
--> statement-breakpoint
CREATE OR REPLACE PROCEDURE credence_protect_tenant_table(table_name text)
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', table_name);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', table_name);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (lender_id = credence_current_lender()) WITH CHECK (lender_id = credence_current_lender())',
    table_name);
END
$$;
--> statement-breakpoint
CALL credence_protect_tenant_table('roles');
--> statement-breakpoint
CALL credence_protect_tenant_table('role_rights');
--> statement-breakpoint
CALL credence_protect_tenant_table('user_lenders');
--> statement-breakpoint
CALL credence_protect_tenant_table('user_groups');
--> statement-breakpoint
CALL credence_protect_tenant_table('user_group_members');
--> statement-breakpoint
CALL credence_protect_tenant_table('useful_links');
--> statement-breakpoint
CALL credence_protect_tenant_table('notifications');
--> statement-breakpoint
-- Tenant work never touches sign-in bookkeeping.
REVOKE ALL ON sessions, login_attempts FROM credence_app;
