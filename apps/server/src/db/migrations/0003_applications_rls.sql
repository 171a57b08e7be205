-- Row-level security on every tenant table of the application record (see 0001_tenancy.sql): tenant work
-- sees and writes only rows of the lender set for its transaction.
CALL credence_protect_tenant_table('loan_products');
--> statement-breakpoint
CALL credence_protect_tenant_table('dealers');
--> statement-breakpoint
CALL credence_protect_tenant_table('applications');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_front_end_fees');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_insurance');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicants');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_addresses');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_phone_numbers');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_emails');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_employments');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_govt_ids');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_finances');
--> statement-breakpoint
CALL credence_protect_tenant_table('applicant_assets');
--> statement-breakpoint
CALL credence_protect_tenant_table('collaterals');
--> statement-breakpoint
CALL credence_protect_tenant_table('collateral_liens');
--> statement-breakpoint
CALL credence_protect_tenant_table('collateral_grantors');
--> statement-breakpoint
CALL credence_protect_tenant_table('collateral_accessories');
--> statement-breakpoint
CALL credence_protect_tenant_table('trade_ins');
--> statement-breakpoint
CALL credence_protect_tenant_table('dealer_purchases');
--> statement-breakpoint
CALL credence_protect_tenant_table('sellers');
--> statement-breakpoint
CALL credence_protect_tenant_table('liens');
--> statement-breakpoint
CALL credence_protect_tenant_table('internal_refinances');
--> statement-breakpoint
CALL credence_protect_tenant_table('comments');
--> statement-breakpoint
CALL credence_protect_tenant_table('comment_views');
--> statement-breakpoint
CALL credence_protect_tenant_table('file_contents');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_files');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_history');
--> statement-breakpoint
-- The history is append-only for the application: it may be read and added to, never changed.
REVOKE UPDATE, DELETE ON application_history FROM credence_app;
--> statement-breakpoint
-- Queues list an application's primary applicant by name; the partial index serves that join.
CREATE INDEX IF NOT EXISTS applicants_primary_idx ON applicants (application_id) WHERE role = 'PRIMARY';
--> statement-breakpoint
-- Lock housekeeping: find live locks of a user quickly.
CREATE INDEX IF NOT EXISTS applications_lock_expiry_idx ON applications (locked_by_user_id, lock_expires_at)
  WHERE locked_by_user_id IS NOT NULL;
