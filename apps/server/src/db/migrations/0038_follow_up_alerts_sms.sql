CREATE TABLE "sms_message_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_message_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"sms_message_id" integer NOT NULL,
	CONSTRAINT "sms_message_applications_key" UNIQUE("sms_message_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"message_sid" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_message_sid_key" UNIQUE("lender_id","message_sid"),
	CONSTRAINT "sms_messages_id_lender_key" UNIQUE("id","lender_id"),
	CONSTRAINT "sms_messages_body_check" CHECK (char_length("sms_messages"."body") <= 1600)
);
--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sms_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sms_phone_number" text;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sms_auth_token" text;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "next_alert_on" date;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "last_alerted_on" date;--> statement-breakpoint
ALTER TABLE "sms_message_applications" ADD CONSTRAINT "sms_message_applications_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_message_applications" ADD CONSTRAINT "sms_message_applications_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_message_applications" ADD CONSTRAINT "sms_message_applications_message_fk" FOREIGN KEY ("sms_message_id","lender_id") REFERENCES "public"."sms_messages"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_message_applications_application_idx" ON "sms_message_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "action_items_next_alert_idx" ON "action_items" USING btree ("next_alert_on") WHERE "action_items"."next_alert_on" is not null;--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_sms_phone_number_key" UNIQUE("sms_phone_number");--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_sms_check" CHECK (not "lenders"."sms_enabled" or ("lenders"."sms_phone_number" is not null and "lenders"."sms_auth_token" is not null));--> statement-breakpoint
-- Open follow-up items of before this migration: each is told once when due, a daily one every day from today.
UPDATE "action_items" SET "next_alert_on" = CASE WHEN "is_daily_delivery" THEN greatest("alert_date", current_date) ELSE "alert_date" END WHERE NOT "completed";--> statement-breakpoint
CALL credence_protect_tenant_table('sms_messages');--> statement-breakpoint
CALL credence_protect_tenant_table('sms_message_applications');
