CREATE TABLE "user_addon_preferences" (
	"lender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"addition_ids" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_widgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_widgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"latest_snapshot" jsonb,
	"snapshot_as_of" timestamp with time zone,
	"period_start" text,
	"period_end" text,
	"snapshot_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_refresh_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_refresh_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_addon_preferences" ADD CONSTRAINT "user_addon_preferences_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addon_preferences" ADD CONSTRAINT "user_addon_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_widgets" ADD CONSTRAINT "user_widgets_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_widgets" ADD CONSTRAINT "user_widgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_refresh_requests" ADD CONSTRAINT "widget_refresh_requests_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_addon_preferences_user_key" ON "user_addon_preferences" USING btree ("lender_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_widgets_user_name_key" ON "user_widgets" USING btree ("lender_id","user_id","name");--> statement-breakpoint
CREATE INDEX "user_widgets_requested_idx" ON "user_widgets" USING btree ("snapshot_requested_at") WHERE snapshot_requested_at is not null;--> statement-breakpoint
CREATE INDEX "user_widgets_as_of_idx" ON "user_widgets" USING btree ("snapshot_as_of");--> statement-breakpoint
CREATE INDEX "application_decisions_lender_created_idx" ON "application_decisions" USING btree ("lender_id","created_at");--> statement-breakpoint
CALL credence_protect_tenant_table('user_widgets');--> statement-breakpoint
CALL credence_protect_tenant_table('user_addon_preferences');--> statement-breakpoint
CALL credence_protect_tenant_table('widget_refresh_requests');
