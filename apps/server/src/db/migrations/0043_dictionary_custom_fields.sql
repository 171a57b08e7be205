-- Issue 38, items 2 and 5. Dictionary fields (Administration › Dictionary Fields): a loan form vendor's field code
-- and the JMESPath that reads its value from the application's document; unique per lender on the three (vendor and
-- code in any case, the path exactly as written).
CREATE TABLE "loan_form_dictionary_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_form_dictionary_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"form_vendor" text NOT NULL,
	"form_code" text NOT NULL,
	"jmes_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_form_dictionary_fields" ADD CONSTRAINT "loan_form_dictionary_fields_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_form_dictionary_fields_lender_key" ON "loan_form_dictionary_fields" USING btree ("lender_id",lower("form_vendor"),lower("form_code"),"jmes_path");--> statement-breakpoint
CALL credence_protect_tenant_table('loan_form_dictionary_fields');--> statement-breakpoint
-- Custom fields administration (Administration › Custom Fields): a MONEY type beside the others, and a label unique
-- within its loan product (any case). Labels a product already repeats are told apart by their id first.
ALTER TABLE "custom_field_definitions" DROP CONSTRAINT "custom_field_definitions_type_check";--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_type_check" CHECK ("custom_field_definitions"."field_type" in ('TEXT', 'NUMBER', 'MONEY', 'DATE', 'BOOLEAN', 'SELECT'));--> statement-breakpoint
UPDATE "custom_field_definitions" d SET "label" = d."label" || ' (' || d."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "custom_field_definitions" o
                WHERE o."lender_id" = d."lender_id" AND o."loan_product_id" = d."loan_product_id"
                  AND lower(o."label") = lower(d."label") AND o."id" < d."id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_definitions_product_label_key" ON "custom_field_definitions" USING btree ("lender_id","loan_product_id",lower("label"));
