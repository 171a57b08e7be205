CREATE TABLE "credit_report_tradelines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_report_tradelines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"credit_report_id" integer NOT NULL,
	"position" integer NOT NULL,
	"tradeline_key" text NOT NULL,
	"creditor" text NOT NULL,
	"account_number" text NOT NULL,
	"portfolio_type" text NOT NULL,
	"tradeline_status" text NOT NULL,
	"loan_type" text,
	"ecoa" text NOT NULL,
	"is_open" boolean NOT NULL,
	"is_delinquent" boolean NOT NULL,
	"is_derogatory" boolean NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"credit_limit" numeric(14, 2),
	"high_credit" numeric(14, 2),
	"monthly_payment" numeric(14, 2),
	"past_due_amount" numeric(14, 2) NOT NULL,
	"opened_date" date NOT NULL,
	"term_months" integer,
	"remaining_term_months" integer,
	"detail" jsonb NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"paid_off" boolean DEFAULT false NOT NULL,
	CONSTRAINT "credit_report_tradelines_report_key" UNIQUE("credit_report_id","tradeline_key"),
	CONSTRAINT "credit_report_tradelines_portfolio_check" CHECK ("credit_report_tradelines"."portfolio_type" in ('INSTALLMENT', 'LINE_OF_CREDIT', 'MORTGAGE', 'OPEN', 'OTHER', 'REVOLVING', 'UNKNOWN'))
);
--> statement-breakpoint
CREATE TABLE "credit_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"lender_credit_bureau_id" integer NOT NULL,
	"bureau" text NOT NULL,
	"credit_report_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pulled_by_user_id" integer,
	"infile_date" date,
	"no_record_found" boolean DEFAULT false NOT NULL,
	"no_report_reason" text,
	"frozen" boolean DEFAULT false NOT NULL,
	"ofac" boolean DEFAULT false NOT NULL,
	"mla" boolean DEFAULT false NOT NULL,
	"default_score_model" text NOT NULL,
	"default_score" integer,
	"scores" jsonb NOT NULL,
	"alerts" jsonb NOT NULL,
	"public_records" jsonb NOT NULL,
	"inquiries" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"subject_encrypted" text NOT NULL,
	"raw_encrypted" text NOT NULL,
	CONSTRAINT "credit_reports_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "credit_reports_bureau_check" CHECK ("credit_reports"."bureau" in ('Equifax', 'Experian', 'TransUnion'))
);
--> statement-breakpoint
CREATE TABLE "cross_sell_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cross_sell_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"cross_sell_type" text NOT NULL,
	"description" text,
	"loan_product_id" integer NOT NULL,
	"tradeline_loan_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"minimum_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"base_rate_percent" numeric(6, 3) NOT NULL,
	"term_options" jsonb NOT NULL,
	"offer_amount" numeric(14, 2),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cross_sell_settings_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "cross_sell_settings_type_check" CHECK ("cross_sell_settings"."cross_sell_type" in ('RefiCrossSell', 'InternalCrossSell'))
);
--> statement-breakpoint
CREATE TABLE "lender_credit_bureaus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_credit_bureaus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"bureau" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"score_models" text[] NOT NULL,
	"default_score_model" text NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lender_credit_bureaus_lender_bureau_key" UNIQUE("lender_id","bureau"),
	CONSTRAINT "lender_credit_bureaus_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "lender_credit_bureaus_bureau_check" CHECK ("lender_credit_bureaus"."bureau" in ('Equifax', 'Experian', 'TransUnion')),
	CONSTRAINT "lender_credit_bureaus_default_in_models" CHECK ("lender_credit_bureaus"."default_score_model" = any("lender_credit_bureaus"."score_models"))
);
--> statement-breakpoint
CREATE TABLE "screening_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"applicant_id" integer,
	"service" text NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "screening_results_service_check" CHECK ("screening_results"."service" in ('kyc', 'aiScoring', 'riskEvaluation', 'vehicleHistory'))
);
--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "require_comment_on_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "internal_cross_sell_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "credit_review" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "credit_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "credit_reviewed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "not_interested_cross_sell" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "average_credit_score" integer;--> statement-breakpoint
ALTER TABLE "credit_report_tradelines" ADD CONSTRAINT "credit_report_tradelines_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_report_tradelines" ADD CONSTRAINT "credit_report_tradelines_report_fk" FOREIGN KEY ("credit_report_id","lender_id") REFERENCES "public"."credit_reports"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_pulled_by_user_id_users_id_fk" FOREIGN KEY ("pulled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_lender_credit_bureau_fk" FOREIGN KEY ("lender_credit_bureau_id","lender_id") REFERENCES "public"."lender_credit_bureaus"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sell_settings" ADD CONSTRAINT "cross_sell_settings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_sell_settings" ADD CONSTRAINT "cross_sell_settings_loan_product_fk" FOREIGN KEY ("loan_product_id","lender_id") REFERENCES "public"."loan_products"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_credit_bureaus" ADD CONSTRAINT "lender_credit_bureaus_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reports_application_idx" ON "credit_reports" USING btree ("application_id","applicant_id","pulled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_reports_one_active_key" ON "credit_reports" USING btree ("applicant_id") WHERE "credit_reports"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "cross_sell_settings_lender_name_key" ON "cross_sell_settings" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE INDEX "screening_results_application_idx" ON "screening_results" USING btree ("application_id","service","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_credit_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("credit_reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Tenant tables: row-level security by lender like every other.
CALL credence_protect_tenant_table('lender_credit_bureaus');--> statement-breakpoint
CALL credence_protect_tenant_table('credit_reports');--> statement-breakpoint
CALL credence_protect_tenant_table('credit_report_tradelines');--> statement-breakpoint
CALL credence_protect_tenant_table('screening_results');--> statement-breakpoint
CALL credence_protect_tenant_table('cross_sell_settings');--> statement-breakpoint
-- A screening result is a record of what a provider answered: added and read, never changed.
REVOKE UPDATE, DELETE, TRUNCATE ON "screening_results" FROM credence_app;
