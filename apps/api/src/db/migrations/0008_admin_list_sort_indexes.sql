DROP INDEX "users_type_idx";--> statement-breakpoint
DROP INDEX "users_status_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "admin_audit_log_user_created_idx";--> statement-breakpoint
DROP INDEX "memberships_user_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_user_created_idx" ON "admin_audit_log" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "memberships_user_created_idx" ON "memberships" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);