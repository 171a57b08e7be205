CREATE TABLE "loan_summary_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_summary_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"funding_sequence" integer NOT NULL,
	"outbox_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"app_file_id" integer,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "loan_summary_exports_status_check" CHECK ("loan_summary_exports"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sales_worksheet_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sales_display_option" text DEFAULT 'afterDecision' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_summary_exports" ADD CONSTRAINT "loan_summary_exports_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_summary_exports" ADD CONSTRAINT "loan_summary_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_summary_exports" ADD CONSTRAINT "loan_summary_exports_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_summary_exports_funding_key" ON "loan_summary_exports" USING btree ("lender_id","application_id","funding_sequence");--> statement-breakpoint
CREATE INDEX "loan_summary_exports_application_idx" ON "loan_summary_exports" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_sales_display_option_check" CHECK ("lenders"."sales_display_option" in ('beforeDecision', 'afterDecision'));--> statement-breakpoint
CALL credence_protect_tenant_table('loan_summary_exports');
