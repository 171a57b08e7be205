-- Row-level security on the tenant tables of the worksheet dialogs (see 0001_tenancy.sql): tenant work sees
-- and writes only rows of the lender set for its transaction.
CALL credence_protect_tenant_table('hmda_records');
--> statement-breakpoint
CALL credence_protect_tenant_table('action_items');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_shares');
--> statement-breakpoint
CALL credence_protect_tenant_table('custom_field_definitions');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_custom_field_values');
--> statement-breakpoint
CALL credence_protect_tenant_table('promotions');
--> statement-breakpoint
CALL credence_protect_tenant_table('application_promotions');
