-- Borrower notifications (issue 38 item 4): per lender and notification type, whether the borrower gets an e-mail
-- and/or a text message and their templates (borrower_notification_settings), and the log per application of what
-- was sent or skipped (borrower_notifications; outbox_id names the outbox row that carries it).
CREATE TABLE "borrower_notification_settings" (
	"lender_id" integer NOT NULL,
	"type" text NOT NULL,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"email_body" text DEFAULT '' NOT NULL,
	"sms_body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_notification_settings_pkey" PRIMARY KEY("lender_id","type")
);
--> statement-breakpoint
CREATE TABLE "borrower_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "borrower_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"to_masked" text,
	"subject" text,
	"body" text NOT NULL,
	"reason" text,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrower_notifications_channel_check" CHECK ("borrower_notifications"."channel" in ('email', 'sms')),
	CONSTRAINT "borrower_notifications_status_check" CHECK ("borrower_notifications"."status" in ('queued', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "borrower_notification_settings" ADD CONSTRAINT "borrower_notification_settings_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_notifications" ADD CONSTRAINT "borrower_notifications_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_notifications" ADD CONSTRAINT "borrower_notifications_application_fk" FOREIGN KEY ("application_id","lender_id") REFERENCES "public"."applications"("id","lender_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "borrower_notifications_application_idx" ON "borrower_notifications" USING btree ("application_id","id");--> statement-breakpoint
CALL credence_protect_tenant_table('borrower_notification_settings');--> statement-breakpoint
CALL credence_protect_tenant_table('borrower_notifications');
