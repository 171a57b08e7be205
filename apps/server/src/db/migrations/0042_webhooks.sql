-- Webhooks (issue 38, item 3): a lender's endpoints (URL, events, a whsec_ secret stored encrypted, the previous one
-- valid 24 h after a rotation), a per-application sequence of the events sent, the deliveries (one per endpoint and
-- message; a replay is a new row with the same message id) and each delivery's attempts. Events are written by the
-- business transactions through credence_emit_webhook (an outbox row of kind 'webhook'); a state change of an
-- application by the trigger below, whatever code made it.
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_encrypted" text NOT NULL,
	"previous_secret_encrypted" text,
	"previous_secret_expires_at" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_sequences" (
	"lender_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"last_sequence" bigint NOT NULL,
	CONSTRAINT "webhook_sequences_pkey" PRIMARY KEY("lender_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"application_id" integer,
	"sequence" bigint,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"replay_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lender_id" integer NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sequences" ADD CONSTRAINT "webhook_sequences_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_lender_idx" ON "webhook_endpoints" USING btree ("lender_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_key" ON "webhook_deliveries" USING btree ("endpoint_id","message_id") WHERE replay_of is null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CALL credence_protect_tenant_table('webhook_endpoints');--> statement-breakpoint
CALL credence_protect_tenant_table('webhook_sequences');--> statement-breakpoint
CALL credence_protect_tenant_table('webhook_deliveries');--> statement-breakpoint
CALL credence_protect_tenant_table('webhook_attempts');--> statement-breakpoint
-- One event of an application, in the caller's transaction: nothing when the lender has no enabled endpoint (the demo
-- seed and lenders without webhooks write nothing); otherwise the application's next sequence number (every event of
-- the application counts, whatever endpoint takes it) and an outbox row the 'webhook' handler fans out.
CREATE OR REPLACE FUNCTION credence_emit_webhook(p_lender integer, p_application integer, p_type text, p_data jsonb)
  RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  seq bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE lender_id = p_lender AND enabled) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_sequences (lender_id, application_id, last_sequence) VALUES (p_lender, p_application, 1)
  ON CONFLICT (lender_id, application_id) DO UPDATE SET last_sequence = webhook_sequences.last_sequence + 1
  RETURNING last_sequence INTO seq;
  INSERT INTO outbox (lender_id, kind, payload)
  VALUES (p_lender, 'webhook', jsonb_build_object(
    'messageId', 'msg_' || replace(gen_random_uuid()::text, '-', ''),
    'type', p_type,
    'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'applicationId', p_application,
    'sequence', seq,
    'data', coalesce(p_data, '{}'::jsonb)));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credence_webhook_state_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM credence_emit_webhook(NEW.lender_id, NEW.id, 'application.state_changed',
    jsonb_build_object('from', OLD.state, 'to', NEW.state));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_webhook_state_changed" AFTER UPDATE OF "state" ON "applications"
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION credence_webhook_state_changed();
--> statement-breakpoint
-- The right canManageWebhooks: a lender's administrator roles (those that may manage its users) get it.
INSERT INTO role_rights (role_id, lender_id, "right")
SELECT rr.role_id, rr.lender_id, 'canManageWebhooks'
  FROM role_rights rr
 WHERE rr."right" = 'canManageUsers'
ON CONFLICT DO NOTHING;
