CREATE SCHEMA "core_sandbox";
--> statement-breakpoint
CREATE TABLE "application_funding_requirement_files" (
	"lender_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"application_file_id" integer NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_by_user_id" integer,
	CONSTRAINT "application_funding_requirement_files_requirement_id_application_file_id_pk" PRIMARY KEY("requirement_id","application_file_id")
);
--> statement-breakpoint
CREATE TABLE "core_code_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "core_code_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"code_type" text NOT NULL,
	"credence_value" text NOT NULL,
	"core_code" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "core_code_mappings_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "core_code_mappings_code_type_check" CHECK ("core_code_mappings"."code_type" in ('loanProduct', 'paymentFrequency', 'collateralType', 'disbursalMethod', 'addition', 'branch'))
);
--> statement-breakpoint
CREATE TABLE "disbursements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disbursements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"payee_type" text NOT NULL,
	"disbursal_method_id" integer NOT NULL,
	"loan_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disbursements_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "disbursements_payee_type_check" CHECK ("disbursements"."payee_type" in ('dealer', 'lienholder', 'member', 'other'))
);
--> statement-breakpoint
CREATE TABLE "funding_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funding_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"description" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"loan_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"clear_user_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_requirements_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "lender_disbursal_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_disbursal_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lender_disbursal_methods_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "lender_holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"holiday_date" date NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"loan_row_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"core_service" text NOT NULL,
	"sent_to_core" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"core_response" jsonb,
	"core_loan_id" text,
	"member_number" text,
	"new_member_created" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "loan_bookings_kind_check" CHECK ("loan_bookings"."kind" in ('book', 'reverse'))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"decision_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"monthly_payment" numeric(14, 2),
	"term_months" integer NOT NULL,
	"interest_rate" numeric(7, 4) NOT NULL,
	"buy_rate" numeric(7, 4),
	"payment_frequency" text NOT NULL,
	"direct" boolean NOT NULL,
	"contract_date" date,
	"first_payment_date" date,
	"rescission_date" date,
	"funding_date" date,
	"loan_id" text,
	"share_account_number" text,
	"member_number" text,
	"core_loan_id" text,
	"reserve_matrix_id" integer,
	"reserve_id" integer,
	"reserve_amount" numeric(14, 2),
	"additions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disbursements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payoffs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_funded" boolean DEFAULT false NOT NULL,
	"funding_sequence" integer DEFAULT 0 NOT NULL,
	"sent_to_core" boolean,
	"funded_at" timestamp with time zone,
	"funded_by_user_id" integer,
	"reversed_at" timestamp with time zone,
	"reversed_by_user_id" integer,
	"state_before_funding" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "loans_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "loans_payment_frequency_check" CHECK ("loans"."payment_frequency" in ('Weekly', 'BiWeekly', 'SemiMonthly', 'Monthly', 'Quarterly', 'SemiAnnually', 'Annually'))
);
--> statement-breakpoint
CREATE TABLE "reserve_matrices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserve_matrices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_reserve_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_matrices_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "reserves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"flat_amount" numeric(14, 2),
	"percent_of_amount" numeric(7, 4),
	"participation_percent" numeric(7, 4),
	"max_spread" numeric(7, 4),
	"cap_amount" numeric(14, 2),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserves_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "reserves_method_check" CHECK ("reserves"."method" in ('flat', 'percentOfAmount', 'rateParticipation'))
);
--> statement-breakpoint
CREATE TABLE "core_sandbox"."accounts" (
	"lender_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"member_number" text NOT NULL,
	"reference" text,
	"description" text,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"monthly_payment" numeric(14, 2),
	"interest_rate" numeric(7, 4),
	"payload" jsonb,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "accounts_lender_id_account_id_pk" PRIMARY KEY("lender_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "core_sandbox"."counters" (
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_lender_id_name_pk" PRIMARY KEY("lender_id","name")
);
--> statement-breakpoint
CREATE TABLE "core_sandbox"."members" (
	"lender_id" integer NOT NULL,
	"member_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"ssn_hash" text,
	"role" text DEFAULT 'Primary' NOT NULL,
	"address" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_lender_id_member_number_pk" PRIMARY KEY("lender_id","member_number")
);
--> statement-breakpoint
ALTER TABLE "application_funding_requirements" DROP CONSTRAINT "application_funding_requirements_source_check";--> statement-breakpoint
ALTER TABLE "application_funding_requirements" DROP CONSTRAINT "application_funding_requirements_status_check";--> statement-breakpoint
UPDATE "application_funding_requirements" SET "status" = CASE "status" WHEN 'open' THEN 'outstanding' WHEN 'satisfied' THEN 'cleared' ELSE "status" END;
--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_id_lender_key" UNIQUE("id","lender_id");--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ALTER COLUMN "status" SET DEFAULT 'outstanding';--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "core_service" text DEFAULT 'SymXchange' NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "send_loans_to_core" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "fund_only_finalized_envelopes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "export_loan_summary_on_funding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "rescission_date_type" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "requirements_outstanding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" drop column "queue";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "queue" text GENERATED ALWAYS AS (case state
        when 'new' then 'credit'
        when 'reviewed' then 'decision'
        when 'pending' then 'pendingDecision'
        when 'approved' then case when not requirements_outstanding and (direct or packet_received_date is not null) then 'funding' else 'requirements' end
        when 'counteroffer' then case when not requirements_outstanding and (direct or packet_received_date is not null) then 'funding' else 'requirements' end
        end) STORED;--> statement-breakpoint
CREATE INDEX "applications_lender_queue_idx" ON "applications" USING btree ("lender_id","queue","created_at","id");
--> statement-breakpoint
CREATE INDEX "applications_my_queue_idx" ON "applications" USING btree ("lender_id","created_by_user_id","created_at","id") WHERE "applications"."queue" is not null;
--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "funding_requirement_id" integer;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "waive_reason" text;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "status_changed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_funding_requirement_files" ADD CONSTRAINT "application_funding_requirement_files_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_funding_requirement_files" ADD CONSTRAINT "application_funding_requirement_files_attached_by_user_id_users_id_fk" FOREIGN KEY ("attached_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_funding_requirement_files" ADD CONSTRAINT "application_funding_requirement_files_requirement_fk" FOREIGN KEY ("requirement_id","lender_id") REFERENCES "public"."application_funding_requirements"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_code_mappings" ADD CONSTRAINT "core_code_mappings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requirements" ADD CONSTRAINT "funding_requirements_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_disbursal_methods" ADD CONSTRAINT "lender_disbursal_methods_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_holidays" ADD CONSTRAINT "lender_holidays_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_bookings" ADD CONSTRAINT "loan_bookings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_bookings" ADD CONSTRAINT "loan_bookings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_bookings" ADD CONSTRAINT "loan_bookings_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_funded_by_user_id_users_id_fk" FOREIGN KEY ("funded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reversed_by_user_id_users_id_fk" FOREIGN KEY ("reversed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_matrices" ADD CONSTRAINT "reserve_matrices_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_funding_requirement_files_file_idx" ON "application_funding_requirement_files" USING btree ("application_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "core_code_mappings_lender_value_key" ON "core_code_mappings" USING btree ("lender_id","code_type","credence_value");--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_lender_name_key" ON "disbursements" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "funding_requirements_lender_description_key" ON "funding_requirements" USING btree ("lender_id",lower("description"));--> statement-breakpoint
CREATE UNIQUE INDEX "lender_disbursal_methods_lender_name_key" ON "lender_disbursal_methods" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lender_holidays_lender_date_key" ON "lender_holidays" USING btree ("lender_id","holiday_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_bookings_reference_kind_key" ON "loan_bookings" USING btree ("lender_id","reference","kind");--> statement-breakpoint
CREATE INDEX "loan_bookings_application_idx" ON "loan_bookings" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_application_key" ON "loans" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "loans_lender_funded_idx" ON "loans" USING btree ("lender_id","funded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_matrices_lender_name_key" ON "reserve_matrices" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reserves_lender_name_key" ON "reserves" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_reference_key" ON "core_sandbox"."accounts" USING btree ("lender_id","reference") WHERE "core_sandbox"."accounts"."reference" is not null;--> statement-breakpoint
CREATE INDEX "accounts_member_idx" ON "core_sandbox"."accounts" USING btree ("lender_id","member_number");--> statement-breakpoint
CREATE INDEX "members_ssn_idx" ON "core_sandbox"."members" USING btree ("lender_id","ssn_hash");--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_status_changed_by_user_id_users_id_fk" FOREIGN KEY ("status_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_rescission_date_type_check" CHECK ("loan_products"."rescission_date_type" in ('threeBusinessDays'));--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_waive_reason_check" CHECK ("application_funding_requirements"."status" <> 'waived' or "application_funding_requirements"."waive_reason" is not null);--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_source_check" CHECK ("application_funding_requirements"."source" in ('decision', 'product', 'insurance', 'manual'));--> statement-breakpoint
ALTER TABLE "application_funding_requirements" ADD CONSTRAINT "application_funding_requirements_status_check" CHECK ("application_funding_requirements"."status" in ('outstanding', 'received', 'cleared', 'waived', 'withdrawn'));--> statement-breakpoint
CALL credence_protect_tenant_table('application_funding_requirement_files');
--> statement-breakpoint
CALL credence_protect_tenant_table('core_code_mappings');
--> statement-breakpoint
CALL credence_protect_tenant_table('disbursements');
--> statement-breakpoint
CALL credence_protect_tenant_table('funding_requirements');
--> statement-breakpoint
CALL credence_protect_tenant_table('lender_disbursal_methods');
--> statement-breakpoint
CALL credence_protect_tenant_table('lender_holidays');
--> statement-breakpoint
CALL credence_protect_tenant_table('loan_bookings');
--> statement-breakpoint
CALL credence_protect_tenant_table('loans');
--> statement-breakpoint
CALL credence_protect_tenant_table('reserve_matrices');
--> statement-breakpoint
CALL credence_protect_tenant_table('reserves');
--> statement-breakpoint
-- The booking record is immutable: a reversal is a new row, never an edit.
REVOKE UPDATE, DELETE, TRUNCATE ON "loan_bookings" FROM credence_app;
--> statement-breakpoint
-- The queue counts, recounted after the queue column was rebuilt (its values are unchanged: no stipulation is
-- outstanding yet).
DELETE FROM application_queue_counts;
--> statement-breakpoint
INSERT INTO application_queue_counts (lender_id, queue, count)
SELECT lender_id, coalesce(queue, 'closed'), count(*) FROM applications GROUP BY 1, 2;
