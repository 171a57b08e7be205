ALTER TABLE "application_front_end_fees" ADD COLUMN "finance_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_additions" ADD COLUMN "finance_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "balloon_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "day_count" text DEFAULT 'actual365' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "odd_days" text DEFAULT 'firstPayment' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "prepaid_finance_charges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disclosure" jsonb;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_day_count_check" CHECK ("loans"."day_count" in ('actual365', 'thirty360'));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_odd_days_check" CHECK ("loans"."odd_days" in ('prepaid', 'firstPayment', 'none'));