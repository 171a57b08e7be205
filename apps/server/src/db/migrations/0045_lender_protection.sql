-- Lender protection ("Lend Pro", issue 35): the lender's credentials per insurer (Administration › Lender
-- Protection; the password encrypted, never returned) and every answer of the insurer per application
-- (insert-only history; the newest is the application's loan insurance).
CREATE TABLE "lender_protection_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_protection_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"provider" text NOT NULL,
	"user_name" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"program_code" text NOT NULL,
	"loan_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lender_protection_credentials_provider_check" CHECK ("lender_protection_credentials"."provider" in ('Lend Pro'))
);
--> statement-breakpoint
CREATE TABLE "lender_protection_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_protection_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"provider" text NOT NULL,
	"resubmit" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"decision_type" text,
	"requested" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"grid_version" text,
	"credit_report_date" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "lender_protection_responses_status_check" CHECK ("lender_protection_responses"."status" in ('Approved', 'Counter', 'Denied', 'Failed', 'Eligible', 'Error')),
	CONSTRAINT "lender_protection_responses_decision_type_check" CHECK ("lender_protection_responses"."decision_type" is null or "lender_protection_responses"."decision_type" in ('approve', 'counteroffer', 'decline'))
);
--> statement-breakpoint
ALTER TABLE "lender_protection_credentials" ADD CONSTRAINT "lender_protection_credentials_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_protection_responses" ADD CONSTRAINT "lender_protection_responses_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_protection_responses" ADD CONSTRAINT "lender_protection_responses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_protection_responses" ADD CONSTRAINT "lender_protection_responses_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lender_protection_credentials_lender_name_key" ON "lender_protection_credentials" USING btree ("lender_id",lower("provider"));--> statement-breakpoint
CREATE INDEX "lender_protection_responses_application_idx" ON "lender_protection_responses" USING btree ("application_id","id");--> statement-breakpoint
CALL credence_protect_tenant_table('lender_protection_credentials');--> statement-breakpoint
CALL credence_protect_tenant_table('lender_protection_responses');--> statement-breakpoint
-- Insert-only for the application's role: an answer of the insurer is a record, never rewritten.
REVOKE UPDATE, DELETE ON "lender_protection_responses" FROM credence_app;
