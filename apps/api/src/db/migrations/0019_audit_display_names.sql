ALTER TABLE "admin_audit_log" ADD COLUMN "actor_display_name" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "display_name" text;