ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(username || ' ' || email || ' ' || coalesce(registered_name, ''))) STORED;--> statement-breakpoint
-- Dropping the column dropped its trigram index; drizzle-kit does not write it again.
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "actor_display_name" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "display_name" text;