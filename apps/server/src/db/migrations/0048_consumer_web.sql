-- Administration › Consumer Web (issue 38, item 6): the member-facing site's settings and field configuration (one
-- row per lender; the logo's bytes base64-encoded) and its messages; the right canManageConsumerWeb for the lender's
-- administrator roles (a new database has no roles yet: the demo seed grants every administration right there).
CREATE TABLE "consumer_web_settings" (
	"lender_id" integer PRIMARY KEY NOT NULL,
	"logo" text,
	"logo_content_type" text,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"background_color" text NOT NULL,
	"site_title" text NOT NULL,
	"welcome_text" text,
	"disclosure_text" text,
	"submitted_text" text,
	"footer_text" text,
	"field_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumer_web_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consumer_web_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"name" text NOT NULL,
	"event" text NOT NULL,
	"heading" text NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumer_web_settings" ADD CONSTRAINT "consumer_web_settings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_web_messages" ADD CONSTRAINT "consumer_web_messages_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consumer_web_messages_lender_name_key" ON "consumer_web_messages" USING btree ("lender_id",lower("name"));--> statement-breakpoint
CALL credence_protect_tenant_table('consumer_web_settings');--> statement-breakpoint
CALL credence_protect_tenant_table('consumer_web_messages');--> statement-breakpoint
INSERT INTO role_rights (role_id, lender_id, "right")
SELECT rr.role_id, rr.lender_id, 'canManageConsumerWeb'
  FROM role_rights rr
 WHERE rr."right" = 'canManageUsers'
ON CONFLICT DO NOTHING;
