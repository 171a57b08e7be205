-- Trigram matching serves the "contains" filter of the applicant column (a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "application_queue_counts" (
	"lender_id" integer NOT NULL,
	"queue" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "application_queue_counts_lender_id_queue_pk" PRIMARY KEY("lender_id","queue")
);
--> statement-breakpoint
CREATE TABLE "recent_applications" (
	"lender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_applications_user_id_lender_id_application_id_pk" PRIMARY KEY("user_id","lender_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "user_grid_settings" (
	"user_id" integer NOT NULL,
	"grid_name" text NOT NULL,
	"setting" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_grid_settings_user_id_grid_name_pk" PRIMARY KEY("user_id","grid_name")
);
--> statement-breakpoint
CREATE TABLE "search_filter_user_groups" (
	"lender_id" integer NOT NULL,
	"search_filter_id" integer NOT NULL,
	"user_group_id" integer NOT NULL,
	CONSTRAINT "search_filter_user_groups_search_filter_id_user_group_id_pk" PRIMARY KEY("search_filter_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "search_filters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"filter" text NOT NULL,
	"show_on_side_menu" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_filters_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "search_filters_type_check" CHECK ("search_filters"."type" in ('filter', 'queue')),
	CONSTRAINT "search_filters_name_length_check" CHECK (char_length("search_filters"."name") between 1 and 50)
);
--> statement-breakpoint
DROP INDEX "applications_dealer_idx";--> statement-breakpoint
DROP INDEX "applications_lender_state_idx";--> statement-breakpoint
DROP INDEX "applications_lender_created_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "primary_applicant_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "primary_member_number" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "queue" text GENERATED ALWAYS AS (case state
        when 'new' then 'credit'
        when 'reviewed' then 'decision'
        when 'pending' then 'pendingDecision'
        when 'approved' then case when direct or packet_received_date is not null then 'funding' else 'requirements' end
        when 'counteroffer' then case when direct or packet_received_date is not null then 'funding' else 'requirements' end
        end) STORED;--> statement-breakpoint
ALTER TABLE "application_queue_counts" ADD CONSTRAINT "application_queue_counts_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_applications" ADD CONSTRAINT "recent_applications_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_applications" ADD CONSTRAINT "recent_applications_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_applications" ADD CONSTRAINT "recent_applications_user_fk" FOREIGN KEY ("user_id","lender_id") REFERENCES "public"."user_lenders"("user_id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_grid_settings" ADD CONSTRAINT "user_grid_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filter_user_groups" ADD CONSTRAINT "search_filter_user_groups_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filter_user_groups" ADD CONSTRAINT "search_filter_user_groups_filter_fk" FOREIGN KEY ("search_filter_id","lender_id") REFERENCES "public"."search_filters"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filter_user_groups" ADD CONSTRAINT "search_filter_user_groups_group_fk" FOREIGN KEY ("user_group_id","lender_id") REFERENCES "public"."user_groups"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filters" ADD CONSTRAINT "search_filters_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filters" ADD CONSTRAINT "search_filters_owner_fk" FOREIGN KEY ("created_by_user_id","lender_id") REFERENCES "public"."user_lenders"("user_id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_applications_user_viewed_idx" ON "recent_applications" USING btree ("user_id","lender_id","viewed_at");--> statement-breakpoint
CREATE INDEX "recent_applications_application_idx" ON "recent_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "search_filter_user_groups_group_idx" ON "search_filter_user_groups" USING btree ("user_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_filters_owner_type_name_key" ON "search_filters" USING btree ("lender_id","created_by_user_id","type",lower("name"));--> statement-breakpoint
CREATE INDEX "search_filters_owner_idx" ON "search_filters" USING btree ("lender_id","created_by_user_id","sort_order");--> statement-breakpoint
CREATE INDEX "applications_lender_queue_idx" ON "applications" USING btree ("lender_id","queue","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_my_queue_idx" ON "applications" USING btree ("lender_id","created_by_user_id","created_at","id") WHERE "applications"."queue" is not null;--> statement-breakpoint
CREATE INDEX "applications_lender_id_idx" ON "applications" USING btree ("lender_id","id");--> statement-breakpoint
CREATE INDEX "applications_lender_applicant_name_idx" ON "applications" USING btree ("lender_id","primary_applicant_name","id");--> statement-breakpoint
CREATE INDEX "applications_applicant_name_trgm_idx" ON "applications" USING gin ("primary_applicant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_lender_member_number_idx" ON "applications" USING btree ("lender_id","primary_member_number","id");--> statement-breakpoint
CREATE INDEX "applications_lender_requested_amount_idx" ON "applications" USING btree ("lender_id","requested_amount","id");--> statement-breakpoint
CREATE INDEX "applications_lender_term_idx" ON "applications" USING btree ("lender_id","term_months","id");--> statement-breakpoint
CREATE INDEX "applications_lender_updated_idx" ON "applications" USING btree ("lender_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "applications_lender_product_idx" ON "applications" USING btree ("lender_id","loan_product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_lender_dealer_idx" ON "applications" USING btree ("lender_id","dealer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "applicants_first_name_idx" ON "applicants" USING btree ("lender_id",lower("first_name"));--> statement-breakpoint
CREATE INDEX "applications_lender_state_idx" ON "applications" USING btree ("lender_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_lender_created_idx" ON "applications" USING btree ("lender_id","created_at","id");