ALTER TABLE "users" ADD COLUMN "registered_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_email" text;