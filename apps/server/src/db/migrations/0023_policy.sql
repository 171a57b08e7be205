CREATE TABLE "policy_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"kind" text NOT NULL,
	"matrix_type" text,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"loan_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_objects_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "policy_objects_kind_check" CHECK ("policy_objects"."kind" in ('creditTierSet', 'matrix', 'loanTermSet', 'decisionEngineConfig', 'loanPolicyWorkflow', 'autoApprovalWorkflow', 'decisionRetractionRuleSet', 'rateTable')),
	CONSTRAINT "policy_objects_matrix_type_check" CHECK (("policy_objects"."kind" = 'matrix') = ("policy_objects"."matrix_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "policy_replays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_replays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"policy_object_id" integer NOT NULL,
	"draft_version_id" integer NOT NULL,
	"published_version_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"finished_at" timestamp with time zone,
	CONSTRAINT "policy_replays_status_check" CHECK ("policy_replays"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "policy_replays_period_check" CHECK ("policy_replays"."from_date" <= "policy_replays"."to_date")
);
--> statement-breakpoint
CREATE TABLE "policy_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"policy_object_id" integer,
	"policy_version_id" integer,
	"outcome" text,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "policy_runs_kind_check" CHECK ("policy_runs"."kind" in ('loanPolicy', 'autoApproval', 'suggestedValues', 'metrics'))
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"policy_object_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"config" jsonb NOT NULL,
	"effective_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_versions_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "policy_versions_object_version_key" UNIQUE("policy_object_id","version"),
	CONSTRAINT "policy_versions_status_check" CHECK ("policy_versions"."status" in ('draft', 'published')),
	CONSTRAINT "policy_versions_published_check" CHECK (("policy_versions"."status" = 'published') = ("policy_versions"."effective_at" is not null and "policy_versions"."published_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "policy_objects" ADD CONSTRAINT "policy_objects_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_replays" ADD CONSTRAINT "policy_replays_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_replays" ADD CONSTRAINT "policy_replays_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_replays" ADD CONSTRAINT "policy_replays_object_fk" FOREIGN KEY ("policy_object_id","lender_id") REFERENCES "public"."policy_objects"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_replays" ADD CONSTRAINT "policy_replays_draft_fk" FOREIGN KEY ("draft_version_id","lender_id") REFERENCES "public"."policy_versions"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_runs" ADD CONSTRAINT "policy_runs_version_fk" FOREIGN KEY ("policy_version_id","lender_id") REFERENCES "public"."policy_versions"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_object_fk" FOREIGN KEY ("policy_object_id","lender_id") REFERENCES "public"."policy_objects"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_objects_lender_kind_name_key" ON "policy_objects" USING btree ("lender_id","kind",coalesce("matrix_type", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "policy_replays_object_idx" ON "policy_replays" USING btree ("policy_object_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_runs_application_idx" ON "policy_runs" USING btree ("application_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_one_draft_key" ON "policy_versions" USING btree ("policy_object_id") WHERE "policy_versions"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "policy_versions_effective_idx" ON "policy_versions" USING btree ("policy_object_id","status","effective_at");--> statement-breakpoint
-- Tenant tables: row-level security by lender like every other.
CALL credence_protect_tenant_table('policy_objects');--> statement-breakpoint
CALL credence_protect_tenant_table('policy_versions');--> statement-breakpoint
CALL credence_protect_tenant_table('policy_runs');--> statement-breakpoint
CALL credence_protect_tenant_table('policy_replays');--> statement-breakpoint
-- A run is a record of what the engine answered: added and read, never changed.
REVOKE UPDATE, DELETE, TRUNCATE ON "policy_runs" FROM credence_app;
