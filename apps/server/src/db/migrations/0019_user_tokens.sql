CREATE TABLE "user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_groups" DROP CONSTRAINT "user_groups_lender_name_key";--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_lender_name_key" ON "user_groups" USING btree ("lender_id",lower("name"));--> statement-breakpoint
-- Platform table like file_download_tokens: tenant work only adds a link's row (in the e-mail's transaction) and
-- never reads, changes or removes one; the public set-password call spends it as the owner.
REVOKE ALL ON "user_tokens" FROM credence_app;--> statement-breakpoint
GRANT INSERT ON "user_tokens" TO credence_app;
