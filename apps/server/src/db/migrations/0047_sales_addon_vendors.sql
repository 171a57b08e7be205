-- Add-on vendors, their plans and the state price caps (issue 34 items 2, 3 and 7), written by hand.
CREATE TABLE "add_on_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "add_on_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"eligibility" text DEFAULT 'none' NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_vendors_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "add_on_vendors_eligibility_check" CHECK ("add_on_vendors"."eligibility" in ('none', 'allied', 'route66'))
);
--> statement-breakpoint
CREATE TABLE "add_on_vendor_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "add_on_vendor_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"product" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"term_months" integer NOT NULL,
	"miles" integer,
	"dealer_cost" numeric(14, 2) NOT NULL,
	"retail_price" numeric(14, 2) NOT NULL,
	"max_ltv" numeric(7, 4),
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_vendor_plans_product_check" CHECK ("add_on_vendor_plans"."product" in ('gap', 'serviceContract', 'creditLife', 'creditDisability', 'debtProtection')),
	CONSTRAINT "add_on_vendor_plans_max_ltv_check" CHECK ("add_on_vendor_plans"."max_ltv" is null or "add_on_vendor_plans"."product" = 'gap')
);
--> statement-breakpoint
CREATE TABLE "add_on_price_caps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "add_on_price_caps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"products" text[] NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"minimum_amount" numeric(14, 2),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "add_on_vendors" ADD CONSTRAINT "add_on_vendors_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_vendor_plans" ADD CONSTRAINT "add_on_vendor_plans_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_vendor_plans" ADD CONSTRAINT "add_on_vendor_plans_vendor_fk" FOREIGN KEY ("vendor_id","lender_id") REFERENCES "public"."add_on_vendors"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_price_caps" ADD CONSTRAINT "add_on_price_caps_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "add_on_vendors_lender_name_key" ON "add_on_vendors" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE INDEX "add_on_vendor_plans_vendor_idx" ON "add_on_vendor_plans" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "add_on_price_caps_lender_name_key" ON "add_on_price_caps" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CALL credence_protect_tenant_table('add_on_vendors');--> statement-breakpoint
CALL credence_protect_tenant_table('add_on_vendor_plans');--> statement-breakpoint
CALL credence_protect_tenant_table('add_on_price_caps');
