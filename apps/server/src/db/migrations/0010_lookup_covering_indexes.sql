DROP INDEX "applications_lender_id_idx";--> statement-breakpoint
DROP INDEX "applicants_name_idx";--> statement-breakpoint
DROP INDEX "applicants_first_name_idx";--> statement-breakpoint
CREATE INDEX "applications_lender_id_idx" ON "applications" USING btree ("lender_id","id","created_at");--> statement-breakpoint
CREATE INDEX "applicants_name_idx" ON "applicants" USING btree ("lender_id",lower("last_name"),lower("first_name"),"application_id");--> statement-breakpoint
CREATE INDEX "applicants_first_name_idx" ON "applicants" USING btree ("lender_id",lower("first_name"),"application_id");