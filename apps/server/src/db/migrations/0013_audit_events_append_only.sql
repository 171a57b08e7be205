-- The audit is append-only for the application's role: tenant work may add and read rows of its lender (row-level
-- security as every tenant table), never change or remove one. The default privileges of 0001 granted UPDATE and
-- DELETE on new tables; they are taken back here.
CALL credence_protect_tenant_table('audit_events');
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM credence_app;
