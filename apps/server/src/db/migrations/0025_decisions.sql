CREATE TABLE "application_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"version" integer NOT NULL,
	"entry_kind" text DEFAULT 'decision' NOT NULL,
	"decision_type" text NOT NULL,
	"retracts_decision_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"state_before" text NOT NULL,
	"state_after" text NOT NULL,
	"receipt" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "application_decisions_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "application_decisions_application_version_key" UNIQUE("application_id","version"),
	CONSTRAINT "application_decisions_entry_kind_check" CHECK ("application_decisions"."entry_kind" in ('decision', 'retraction')),
	CONSTRAINT "application_decisions_type_check" CHECK ("application_decisions"."decision_type" in ('approve', 'counteroffer', 'pending', 'decline', 'cancel')),
	CONSTRAINT "application_decisions_source_check" CHECK ("application_decisions"."source" in ('manual', 'auto')),
	CONSTRAINT "application_decisions_retraction_check" CHECK (("application_decisions"."entry_kind" = 'retraction') = ("application_decisions"."retracts_decision_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "application_funding_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_funding_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"decision_id" integer,
	"description" text NOT NULL,
	"source" text DEFAULT 'decision' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_funding_requirements_source_check" CHECK ("application_funding_requirements"."source" in ('decision', 'insurance', 'manual')),
	CONSTRAINT "application_funding_requirements_status_check" CHECK ("application_funding_requirements"."status" in ('open', 'satisfied', 'waived', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "decision_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decision_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"code_type" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_codes_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "decision_codes_type_check" CHECK ("decision_codes"."code_type" in ('declineReason', 'approvalCondition', 'counterReason', 'cancelReason'))
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "letter_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"letter_type" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "letter_templates_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "letter_templates_type_check" CHECK ("letter_templates"."letter_type" in ('adverseAction', 'creditScoreDisclosure'))
);
--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_codes" ADD CONSTRAINT "decision_codes_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_decisions_application_idx" ON "application_decisions" USING btree ("application_id","version");--> statement-breakpoint
CREATE INDEX "application_funding_requirements_application_idx" ON "application_funding_requirements" USING btree ("application_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "decision_codes_lender_type_code_key" ON "decision_codes" USING btree ("lender_id","code_type",lower("code"));--> statement-breakpoint
CREATE INDEX "decision_codes_lender_type_idx" ON "decision_codes" USING btree ("lender_id","code_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "letter_templates_lender_name_key" ON "letter_templates" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "letter_templates_one_enabled_key" ON "letter_templates" USING btree ("lender_id","letter_type") WHERE "letter_templates"."enabled";--> statement-breakpoint
CALL credence_protect_tenant_table('decision_codes');--> statement-breakpoint
CALL credence_protect_tenant_table('application_decisions');--> statement-breakpoint
CALL credence_protect_tenant_table('application_funding_requirements');--> statement-breakpoint
CALL credence_protect_tenant_table('letter_templates');--> statement-breakpoint
-- The decision receipt is immutable: a retraction is a new row, never an edit.
REVOKE UPDATE, DELETE, TRUNCATE ON "application_decisions" FROM credence_app;
