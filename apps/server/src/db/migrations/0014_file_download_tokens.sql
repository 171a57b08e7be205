CREATE TABLE "file_download_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"application_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"include_deleted" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "file_download_tokens" ADD CONSTRAINT "file_download_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_download_tokens_expires_idx" ON "file_download_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Like sessions: the platform reads them, tenant work never does.
REVOKE ALL ON "file_download_tokens" FROM credence_app;
