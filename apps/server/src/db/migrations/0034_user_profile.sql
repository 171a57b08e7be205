CREATE TABLE "lender_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lender_vendors_id_lender_key" UNIQUE("id","lender_id")
);
--> statement-breakpoint
CREATE TABLE "user_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"username" text,
	"password_encrypted" text,
	"code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_vendors_user_vendor_key" UNIQUE("user_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "core_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "edocs_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "edocs_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "lender_vendors" ADD CONSTRAINT "lender_vendors_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vendors" ADD CONSTRAINT "user_vendors_vendor_id_lender_id_lender_vendors_id_lender_id_fk" FOREIGN KEY ("vendor_id","lender_id") REFERENCES "public"."lender_vendors"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lender_vendors_lender_name_key" ON "lender_vendors" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_vendors_lender_user_idx" ON "user_vendors" USING btree ("lender_id","user_id");--> statement-breakpoint
CALL credence_protect_tenant_table('lender_vendors');--> statement-breakpoint
CALL credence_protect_tenant_table('user_vendors');
