-- The File Export area (issue 33): export jobs (file_exports), a download token for an export's file (export_id on
-- file_download_tokens: a token opens either one application file or one export's file), and the right canExportFiles.
CREATE TABLE "file_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"created_by_user_id" integer,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"row_count" integer,
	"file_ref" text,
	"file_name" text,
	"file_size" bigint,
	"expires_at" timestamp with time zone,
	"error" text,
	"problems" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_exports_state_check" CHECK ("file_exports"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "file_download_tokens" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_download_tokens" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_download_tokens" ADD COLUMN "export_id" integer;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_exports_lender_created_idx" ON "file_exports" USING btree ("lender_id","created_at");--> statement-breakpoint
CREATE INDEX "file_exports_waiting_idx" ON "file_exports" USING btree ("id") WHERE state in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "file_exports_expires_idx" ON "file_exports" USING btree ("expires_at") WHERE file_ref is not null;--> statement-breakpoint
ALTER TABLE "file_download_tokens" ADD CONSTRAINT "file_download_tokens_grant_check" CHECK (("file_download_tokens"."export_id" is null and "file_download_tokens"."application_id" is not null and "file_download_tokens"."file_id" is not null) or ("file_download_tokens"."export_id" is not null and "file_download_tokens"."application_id" is null and "file_download_tokens"."file_id" is null));--> statement-breakpoint
CALL credence_protect_tenant_table('file_exports');--> statement-breakpoint
-- The right canExportFiles: a lender's administrator roles (those that may manage its users) get it, as with
-- canViewReports; a new database has no roles yet: the demo seed grants it there.
INSERT INTO role_rights (role_id, lender_id, "right")
SELECT rr.role_id, rr.lender_id, 'canExportFiles'
  FROM role_rights rr
 WHERE rr."right" = 'canManageUsers'
ON CONFLICT DO NOTHING;
