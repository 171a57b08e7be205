-- Document storage providers (issue 37 item 4, spec 2 lenderDocStorage/*): a lender's file-system / network-share
-- and S3-compatible providers, the filing of each document to each provider, and the right canManageDocStorage for
-- the roles that may manage the lender's users.
CREATE TABLE "document_storage_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_storage_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider_type" text NOT NULL,
	"upload_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"path_template" text NOT NULL,
	"field_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"root_directory" text,
	"s3_endpoint" text,
	"s3_region" text,
	"s3_bucket" text,
	"s3_access_key_id" text,
	"s3_secret_access_key" text,
	"s3_force_path_style" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_storage_providers_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "document_storage_providers_type_check" CHECK ("document_storage_providers"."provider_type" in ('FileSystem', 'S3'))
);
--> statement-breakpoint
CREATE TABLE "document_filings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_filings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"app_file_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"location" text,
	"filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_filings_status_check" CHECK ("document_filings"."status" in ('queued', 'retrying', 'filed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "document_storage_providers" ADD CONSTRAINT "document_storage_providers_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_filings" ADD CONSTRAINT "document_filings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_filings" ADD CONSTRAINT "document_filings_app_file_id_application_files_id_fk" FOREIGN KEY ("app_file_id") REFERENCES "public"."application_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_filings" ADD CONSTRAINT "document_filings_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_filings" ADD CONSTRAINT "document_filings_provider_fk" FOREIGN KEY ("provider_id","lender_id") REFERENCES "public"."document_storage_providers"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_storage_providers_lender_name_key" ON "document_storage_providers" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_filings_file_provider_key" ON "document_filings" USING btree ("app_file_id","provider_id");--> statement-breakpoint
CREATE INDEX "document_filings_application_idx" ON "document_filings" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "document_filings_due_idx" ON "document_filings" USING btree ("next_attempt_at") WHERE status in ('queued', 'retrying');--> statement-breakpoint
CALL credence_protect_tenant_table('document_storage_providers');--> statement-breakpoint
CALL credence_protect_tenant_table('document_filings');--> statement-breakpoint
-- The right canManageDocStorage: a lender's administrator roles (those that may manage its users) get it; a new
-- database has no roles yet: the demo seed grants it there.
INSERT INTO role_rights (role_id, lender_id, "right")
SELECT rr.role_id, rr.lender_id, 'canManageDocStorage'
  FROM role_rights rr
 WHERE rr."right" = 'canManageUsers'
ON CONFLICT DO NOTHING;
