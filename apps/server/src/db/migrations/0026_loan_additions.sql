CREATE TABLE "loan_additions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_additions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"fee_type" text NOT NULL,
	"flat_amount" numeric(14, 2),
	"rate_per_1000" numeric(8, 4),
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"loan_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_additions_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "loan_additions_fee_type_check" CHECK ("loan_additions"."fee_type" in ('flat', 'per1000')),
	CONSTRAINT "loan_additions_price_check" CHECK (("loan_additions"."fee_type" = 'flat' and "loan_additions"."flat_amount" is not null and "loan_additions"."rate_per_1000" is null)
        or ("loan_additions"."fee_type" = 'per1000' and "loan_additions"."rate_per_1000" is not null and "loan_additions"."flat_amount" is null))
);
--> statement-breakpoint
ALTER TABLE "loan_additions" ADD CONSTRAINT "loan_additions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_additions_lender_name_key" ON "loan_additions" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CALL credence_protect_tenant_table('loan_additions');
