-- The unique key is created first: application_shares_user_group_fk references it.
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_id_lender_key" UNIQUE("id","lender_id");--> statement-breakpoint
CREATE TABLE "hmda_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hmda_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"delivery_method" integer NOT NULL,
	"gender" integer NOT NULL,
	"race" integer NOT NULL,
	"race_american_indian_or_alaska_native" text,
	"race_other_asian" text,
	"race_other_pacific_islander" text,
	"ethnicity" integer NOT NULL,
	"ethnicity_other_hispanic_or_latino" text,
	"date_provided" date NOT NULL,
	"verification_statement1" boolean NOT NULL,
	"verification_statement2" boolean NOT NULL,
	"verification_statement3" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "hmda_records_applicant_key" UNIQUE("applicant_id"),
	CONSTRAINT "hmda_records_delivery_method_check" CHECK ("hmda_records"."delivery_method" in (1, 2, 3, 4)),
	CONSTRAINT "hmda_records_gender_check" CHECK ("hmda_records"."gender" in (1, 2, 3, 4, 6)),
	CONSTRAINT "hmda_records_race_check" CHECK ("hmda_records"."race" between 1 and 262143),
	CONSTRAINT "hmda_records_ethnicity_check" CHECK ("hmda_records"."ethnicity" between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "action_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"description" text NOT NULL,
	"alert_date" date NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completion_date" timestamp with time zone,
	"action_item_type" integer DEFAULT 1 NOT NULL,
	"is_daily_delivery" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "action_items_type_check" CHECK ("action_items"."action_item_type" = 1),
	CONSTRAINT "action_items_description_check" CHECK (char_length("action_items"."description") between 1 and 500),
	CONSTRAINT "action_items_completion_check" CHECK (("action_items"."completion_date" is not null) = "action_items"."completed")
);
--> statement-breakpoint
CREATE TABLE "application_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer,
	"user_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "application_shares_one_target_check" CHECK (("application_shares"."user_id" is null) <> ("application_shares"."user_group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "application_custom_field_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_custom_field_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "application_custom_field_values_key" UNIQUE("application_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_definitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_field_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"loan_product_id" integer NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_length" integer,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "custom_field_definitions_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "custom_field_definitions_type_check" CHECK ("custom_field_definitions"."field_type" in ('TEXT', 'NUMBER', 'DATE', 'BOOLEAN', 'SELECT'))
);
--> statement-breakpoint
CREATE TABLE "application_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	CONSTRAINT "application_promotions_key" UNIQUE("application_id","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"loan_product_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rate_discount" numeric(6, 3),
	"start_date" date,
	"end_date" date,
	"auto_select" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promotions_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "packet_received_date" date;--> statement-breakpoint
ALTER TABLE "applicant_emails" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(btrim(email))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_phone_numbers" ADD COLUMN "number_key" text GENERATED ALWAYS AS (regexp_replace(number, '\D', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "hmda_records" ADD CONSTRAINT "hmda_records_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_records" ADD CONSTRAINT "hmda_records_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_records" ADD CONSTRAINT "hmda_records_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hmda_records" ADD CONSTRAINT "hmda_records_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shares" ADD CONSTRAINT "application_shares_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shares" ADD CONSTRAINT "application_shares_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shares" ADD CONSTRAINT "application_shares_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shares" ADD CONSTRAINT "application_shares_user_fk" FOREIGN KEY ("user_id","lender_id") REFERENCES "public"."user_lenders"("user_id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shares" ADD CONSTRAINT "application_shares_user_group_fk" FOREIGN KEY ("user_group_id","lender_id") REFERENCES "public"."user_groups"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_custom_field_values" ADD CONSTRAINT "application_custom_field_values_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_custom_field_values" ADD CONSTRAINT "application_custom_field_values_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_custom_field_values" ADD CONSTRAINT "application_custom_field_values_field_fk" FOREIGN KEY ("custom_field_id","lender_id") REFERENCES "public"."custom_field_definitions"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_loan_product_fk" FOREIGN KEY ("loan_product_id","lender_id") REFERENCES "public"."loan_products"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_promotions" ADD CONSTRAINT "application_promotions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_promotions" ADD CONSTRAINT "application_promotions_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_promotions" ADD CONSTRAINT "application_promotions_promotion_fk" FOREIGN KEY ("promotion_id","lender_id") REFERENCES "public"."promotions"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_loan_product_fk" FOREIGN KEY ("loan_product_id","lender_id") REFERENCES "public"."loan_products"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hmda_records_application_idx" ON "hmda_records" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "action_items_application_idx" ON "action_items" USING btree ("application_id","sort_order");--> statement-breakpoint
CREATE INDEX "action_items_due_idx" ON "action_items" USING btree ("lender_id","alert_date") WHERE not "action_items"."completed";--> statement-breakpoint
CREATE UNIQUE INDEX "application_shares_user_key" ON "application_shares" USING btree ("application_id","user_id") WHERE "application_shares"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "application_shares_group_key" ON "application_shares" USING btree ("application_id","user_group_id") WHERE "application_shares"."user_group_id" is not null;--> statement-breakpoint
CREATE INDEX "application_shares_user_idx" ON "application_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "application_shares_group_idx" ON "application_shares" USING btree ("user_group_id");--> statement-breakpoint
CREATE INDEX "application_custom_field_values_field_idx" ON "application_custom_field_values" USING btree ("custom_field_id");--> statement-breakpoint
CREATE INDEX "custom_field_definitions_product_idx" ON "custom_field_definitions" USING btree ("loan_product_id","sort_order");--> statement-breakpoint
CREATE INDEX "application_promotions_promotion_idx" ON "application_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotions_product_idx" ON "promotions" USING btree ("loan_product_id");--> statement-breakpoint
CREATE INDEX "applicant_emails_email_key_idx" ON "applicant_emails" USING btree ("lender_id","email_key");--> statement-breakpoint
CREATE INDEX "applicant_phone_numbers_number_key_idx" ON "applicant_phone_numbers" USING btree ("lender_id","number_key");
