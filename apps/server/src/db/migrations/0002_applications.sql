CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"control_type" text NOT NULL,
	"direct_allowed" boolean DEFAULT true NOT NULL,
	"indirect_allowed" boolean DEFAULT false NOT NULL,
	"requires_vin" boolean DEFAULT false NOT NULL,
	"gathers_insurance" boolean DEFAULT false NOT NULL,
	"is_business_loan" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "loan_products_lender_name_key" UNIQUE("lender_id","name"),
	CONSTRAINT "loan_products_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "loan_products_control_type_check" CHECK ("loan_products"."control_type" in ('AUTOMOTIVE', 'BOAT', 'CD_SHARE', 'CREDIT_CARD', 'HEL', 'PERSONAL', 'RV'))
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dealers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"phone_number" text,
	"fax_number" text,
	"main_contact_email" text,
	"main_contact_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "application_front_end_fees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_front_end_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_insurance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_insurance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"company" text NOT NULL,
	"policy_number" text,
	"agent_first_name" text,
	"agent_last_name" text,
	"agent_phone_number" text,
	"fax_number" text,
	"expiration_date" date,
	CONSTRAINT "application_insurance_application_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"lender_id" integer NOT NULL,
	"loan_product_id" integer NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'LENDER' NOT NULL,
	"direct" boolean NOT NULL,
	"dealer_id" integer,
	"transaction_type" text,
	"purpose" text,
	"negotiated_price" numeric(14, 2),
	"ttl_estimate" numeric(14, 2),
	"cash_down" numeric(14, 2),
	"rebate" numeric(14, 2),
	"net_trade_in" numeric(14, 2),
	"other_fees" numeric(14, 2),
	"gap" numeric(14, 2),
	"credit_disability" numeric(14, 2),
	"credit_life" numeric(14, 2),
	"warranty" numeric(14, 2),
	"other_back_end_fees" numeric(14, 2),
	"requested_amount" numeric(14, 2),
	"est_amt_financed" numeric(14, 2),
	"residual_amount" numeric(14, 2),
	"value" numeric(14, 2),
	"term_months" integer,
	"payment_frequency" text,
	"is_open_ended" boolean DEFAULT false NOT NULL,
	"increase_existing_credit_limit" boolean DEFAULT false NOT NULL,
	"potential_loan_id" text,
	"potential_share_account_number" text,
	"total_front_end_amount_override" numeric(14, 2),
	"total_front_end_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_down_payment" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_back_end_fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_loan_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by_user_id" integer,
	"locked_at" timestamp with time zone,
	"lock_expires_at" timestamp with time zone,
	"unlocked_by_user_id" integer,
	"unlocked_holder_user_id" integer,
	"unlocked_at" timestamp with time zone,
	CONSTRAINT "applications_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "applications_state_check" CHECK ("applications"."state" in ('new', 'reviewed', 'declined', 'cancelled', 'pending', 'approved', 'counteroffer', 'funded')),
	CONSTRAINT "applications_source_check" CHECK ("applications"."source" in ('LENDER', 'DEALER', 'CONSUMER_WEB', 'CROSS_SELL')),
	CONSTRAINT "applications_transaction_type_check" CHECK ("applications"."transaction_type" in ('BUYER_SELLER', 'DEALER', 'INTERNAL_REFINANCE', 'PRE_APPROVAL', 'REFINANCE')),
	CONSTRAINT "applications_payment_frequency_check" CHECK ("applications"."payment_frequency" in ('Weekly', 'BiWeekly', 'SemiMonthly', 'Monthly', 'Quarterly', 'SemiAnnually', 'Annually'))
);
--> statement-breakpoint
CREATE TABLE "applicant_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"description" text,
	"type" text,
	"amount" numeric(14, 2) NOT NULL,
	"loan_balance" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "applicant_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"email" text NOT NULL,
	"preferred_contact" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_employments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_employments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"status" text NOT NULL,
	"employer" text,
	"occupation" text,
	"years_employed" integer,
	"months_employed" integer,
	"salary" numeric(14, 2),
	"pay_period" text,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "applicant_employments_status_check" CHECK ("applicant_employments"."status" in ('EMPLOYED', 'SELF_EMPLOYED', 'MILITARY', 'RETIRED', 'STUDENT', 'UNEMPLOYED', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "applicant_finances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_finances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"description" text,
	"type" text,
	"amount" numeric(14, 2) NOT NULL,
	"is_income" boolean NOT NULL,
	"is_secured" boolean DEFAULT false NOT NULL,
	"balance" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "applicant_govt_ids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_govt_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"govt_id_type" text NOT NULL,
	"number_encrypted" text NOT NULL,
	"number_last4" text NOT NULL,
	"state" text,
	"country" text,
	"expiration_date" date,
	CONSTRAINT "applicant_govt_ids_type_check" CHECK ("applicant_govt_ids"."govt_id_type" in ('MATRICULA_CONSULAR', 'MILITARY_ID', 'PASSPORT', 'PERMANENT_RESIDENT', 'STATE_DRIVERS_LICENSE', 'STATE_ID_CARD', 'VISA'))
);
--> statement-breakpoint
CREATE TABLE "applicant_phone_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_phone_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"number" text NOT NULL,
	"preferred_contact" boolean DEFAULT false NOT NULL,
	"phone_type" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"role" text NOT NULL,
	"is_business" boolean DEFAULT false NOT NULL,
	"member_number" text,
	"first_name" text,
	"last_name" text,
	"dob" date,
	"marital_status" text,
	"ssn_encrypted" text,
	"ssn_hash" text,
	"ssn_last4" text,
	"company_name" text,
	"company_account_number" text,
	"company_established_date" date,
	"company_phone_number" text,
	"company_role" text,
	"business_entity_type" text,
	"ownership_percentage" integer,
	"employer_identification_number" text,
	"company_debt" numeric(14, 2),
	"company_state" text,
	"company_gross_income" numeric(14, 2),
	"company_gross_income_frequency" text,
	"company_naics_sic" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "applicants_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "applicants_role_check" CHECK ("applicants"."role" in ('PRIMARY', 'CO_APPLICANT', 'CO_SIGNER', 'GUARANTOR', 'NON_APPLICANT_SPOUSE')),
	CONSTRAINT "applicants_marital_status_check" CHECK ("applicants"."marital_status" in ('MARRIED', 'UNMARRIED', 'SEPARATED')),
	CONSTRAINT "applicants_company_role_check" CHECK ("applicants"."company_role" in ('OWNER', 'PARTNER', 'PRESIDENT', 'VICE_PRESIDENT', 'SECRETARY', 'TREASURER', 'MANAGING_MEMBER', 'AUTHORIZED_SIGNER', 'OTHER')),
	CONSTRAINT "applicants_business_entity_type_check" CHECK ("applicants"."business_entity_type" in ('SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'S_CORPORATION', 'C_CORPORATION', 'NON_PROFIT', 'TRUST', 'OTHER')),
	CONSTRAINT "applicants_ssn_complete_check" CHECK (("applicants"."ssn_encrypted" is null) = ("applicants"."ssn_hash" is null) and ("applicants"."ssn_hash" is null) = ("applicants"."ssn_last4" is null))
);
--> statement-breakpoint
CREATE TABLE "collateral_accessories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collateral_accessories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"collateral_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"is_selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collateral_grantors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collateral_grantors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"collateral_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text
);
--> statement-breakpoint
CREATE TABLE "collateral_liens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collateral_liens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"collateral_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"lienholder" text,
	"account_number" text,
	"payoff_amount" numeric(14, 2),
	"per_diem" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "collaterals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaterals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"family" text NOT NULL,
	"type" text NOT NULL,
	"identification_number" text,
	"value" numeric(14, 2),
	"year" integer,
	"make" text,
	"model" text,
	"style" text,
	"color" text,
	"hours" integer,
	"mileage" integer,
	"length" integer,
	"is_used" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"msrp" numeric(14, 2),
	"vehicle_valuation_type" text,
	"is_flood_insurance_required" boolean DEFAULT false NOT NULL,
	"flood_zone_type" text,
	"account_number" text,
	"current_rate" integer,
	"account_owner" text,
	"hold_percentage" integer,
	"maturity_date" date,
	"is_salvage" boolean DEFAULT false NOT NULL,
	"member_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"is_primary_address" boolean DEFAULT false NOT NULL,
	"county" text,
	"max_loan_amount" numeric(14, 2),
	"qualified_mortgage_type" text,
	"lien_position" integer,
	"home_value_type" text,
	"home_loan_type" text,
	"hmda_purpose_type" text,
	"construction_method" text,
	"total_units" integer,
	"census_track" text,
	"secured_property_type" text,
	"land_property_interest" text,
	"home_occupancy_status" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "collaterals_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "collaterals_family_check" CHECK ("collaterals"."family" in ('Auto', 'Boat', 'Cd', 'Engine', 'Home', 'Share', 'Trailer')),
	CONSTRAINT "collaterals_type_check" CHECK ("collaterals"."type" in ('ATV', 'AUTO', 'BOAT', 'CAMPING_TRAILER', 'CD', 'ENGINE', 'GOLF_CART', 'HOME', 'JET_SKI', 'MOTORCYCLE', 'MOTORCYCLE_TRAILER', 'MOTORHOME', 'OTHER', 'PARK_MODEL', 'PERSONAL_WATERCRAFT', 'RV', 'SHARE', 'SIDECAR', 'SNOWMOBILE', 'SPORT_UTILITY', 'TRAILER', 'TRAVEL_TRAILER', 'TRUCK_CAMPER'))
);
--> statement-breakpoint
CREATE TABLE "dealer_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dealer_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"dealership" text,
	"amount_to_dealer" numeric(14, 2),
	"phone_number" text,
	"fax" text,
	"email" text,
	"attention" text,
	"spoke_to" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	CONSTRAINT "dealer_purchases_application_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "internal_refinances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internal_refinances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"member_number" text,
	"loan_number" text,
	"payoff_amount" numeric(14, 2),
	"per_diem" numeric(14, 2),
	"good_through" date,
	CONSTRAINT "internal_refinances_application_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "liens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"lienholder" text,
	"account_number" text,
	"payoff_amount" numeric(14, 2),
	"per_diem" numeric(14, 2),
	"payment" numeric(14, 2),
	"good_through" date,
	"mail_to" text,
	"phone_number" text,
	"attention" text,
	"spoke_to" text,
	CONSTRAINT "liens_application_key" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sellers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"selling_price" numeric(14, 2),
	"seller_names" text,
	"phone_number" text,
	"email" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"has_lien" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"year" integer,
	"make" text,
	"model" text,
	"style" text,
	"lien_holder_name" text,
	"monthly_payment" numeric(14, 2),
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_views" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lender_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_views_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"sender" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer,
	CONSTRAINT "comments_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "comments_type_check" CHECK ("comments"."type" in ('DEALER', 'JOURNAL'))
);
--> statement-breakpoint
CREATE TABLE "application_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"upload_type_id" integer DEFAULT 1 NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "file_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lender_id" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_contents_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "application_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"description" text NOT NULL,
	"entity" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_front_end_fees" ADD CONSTRAINT "application_front_end_fees_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_front_end_fees" ADD CONSTRAINT "application_front_end_fees_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_insurance" ADD CONSTRAINT "application_insurance_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_insurance" ADD CONSTRAINT "application_insurance_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_unlocked_by_user_id_users_id_fk" FOREIGN KEY ("unlocked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_unlocked_holder_user_id_users_id_fk" FOREIGN KEY ("unlocked_holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_loan_product_fk" FOREIGN KEY ("loan_product_id","lender_id") REFERENCES "public"."loan_products"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_dealer_fk" FOREIGN KEY ("dealer_id","lender_id") REFERENCES "public"."dealers"("id","lender_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_addresses" ADD CONSTRAINT "applicant_addresses_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_addresses" ADD CONSTRAINT "applicant_addresses_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_assets" ADD CONSTRAINT "applicant_assets_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_assets" ADD CONSTRAINT "applicant_assets_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_emails" ADD CONSTRAINT "applicant_emails_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_emails" ADD CONSTRAINT "applicant_emails_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_employments" ADD CONSTRAINT "applicant_employments_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_employments" ADD CONSTRAINT "applicant_employments_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_finances" ADD CONSTRAINT "applicant_finances_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_finances" ADD CONSTRAINT "applicant_finances_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_govt_ids" ADD CONSTRAINT "applicant_govt_ids_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_govt_ids" ADD CONSTRAINT "applicant_govt_ids_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_phone_numbers" ADD CONSTRAINT "applicant_phone_numbers_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_phone_numbers" ADD CONSTRAINT "applicant_phone_numbers_applicant_fk" FOREIGN KEY ("applicant_id","lender_id") REFERENCES "public"."applicants"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_accessories" ADD CONSTRAINT "collateral_accessories_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_accessories" ADD CONSTRAINT "collateral_accessories_collateral_fk" FOREIGN KEY ("collateral_id","lender_id") REFERENCES "public"."collaterals"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_grantors" ADD CONSTRAINT "collateral_grantors_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_grantors" ADD CONSTRAINT "collateral_grantors_collateral_fk" FOREIGN KEY ("collateral_id","lender_id") REFERENCES "public"."collaterals"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_liens" ADD CONSTRAINT "collateral_liens_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_liens" ADD CONSTRAINT "collateral_liens_collateral_fk" FOREIGN KEY ("collateral_id","lender_id") REFERENCES "public"."collaterals"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaterals" ADD CONSTRAINT "collaterals_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaterals" ADD CONSTRAINT "collaterals_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_purchases" ADD CONSTRAINT "dealer_purchases_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_purchases" ADD CONSTRAINT "dealer_purchases_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_refinances" ADD CONSTRAINT "internal_refinances_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_refinances" ADD CONSTRAINT "internal_refinances_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_views" ADD CONSTRAINT "comment_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_views" ADD CONSTRAINT "comment_views_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_views" ADD CONSTRAINT "comment_views_comment_fk" FOREIGN KEY ("comment_id","lender_id") REFERENCES "public"."comments"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_contents" ADD CONSTRAINT "file_contents_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_products_lender_idx" ON "loan_products" USING btree ("lender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealers_lender_name_key" ON "dealers" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE INDEX "application_front_end_fees_application_idx" ON "application_front_end_fees" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applications_lender_state_idx" ON "applications" USING btree ("lender_id","state","created_at");--> statement-breakpoint
CREATE INDEX "applications_lender_created_idx" ON "applications" USING btree ("lender_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_dealer_idx" ON "applications" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "applications_locked_by_idx" ON "applications" USING btree ("locked_by_user_id");--> statement-breakpoint
CREATE INDEX "applicant_addresses_applicant_idx" ON "applicant_addresses" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_assets_applicant_idx" ON "applicant_assets" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_emails_applicant_idx" ON "applicant_emails" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_emails_email_idx" ON "applicant_emails" USING btree ("lender_id",lower("email"));--> statement-breakpoint
CREATE INDEX "applicant_employments_applicant_idx" ON "applicant_employments" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_finances_applicant_idx" ON "applicant_finances" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_govt_ids_applicant_idx" ON "applicant_govt_ids" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_phone_numbers_applicant_idx" ON "applicant_phone_numbers" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_phone_numbers_number_idx" ON "applicant_phone_numbers" USING btree ("lender_id","number");--> statement-breakpoint
CREATE INDEX "applicants_application_idx" ON "applicants" USING btree ("application_id","sort_order");--> statement-breakpoint
CREATE INDEX "applicants_ssn_hash_idx" ON "applicants" USING btree ("lender_id","ssn_hash");--> statement-breakpoint
CREATE INDEX "applicants_member_number_idx" ON "applicants" USING btree ("lender_id","member_number");--> statement-breakpoint
CREATE INDEX "applicants_name_idx" ON "applicants" USING btree ("lender_id",lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "collateral_accessories_collateral_idx" ON "collateral_accessories" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "collateral_grantors_collateral_idx" ON "collateral_grantors" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "collateral_liens_collateral_idx" ON "collateral_liens" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "collaterals_application_idx" ON "collaterals" USING btree ("application_id","sort_order");--> statement-breakpoint
CREATE INDEX "collaterals_identification_number_idx" ON "collaterals" USING btree ("lender_id","identification_number");--> statement-breakpoint
CREATE INDEX "sellers_application_idx" ON "sellers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "trade_ins_application_idx" ON "trade_ins" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "comments_application_idx" ON "comments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_files_application_idx" ON "application_files" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_files_file_idx" ON "application_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_history" USING btree ("application_id","created_at");