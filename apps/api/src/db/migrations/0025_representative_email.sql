ALTER TABLE "dues_reminders" DROP CONSTRAINT "dues_reminders_role_check";--> statement-breakpoint
ALTER TABLE "representatives" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_role_check" CHECK ("dues_reminders"."role" in ('member', 'billing', 'representative'));