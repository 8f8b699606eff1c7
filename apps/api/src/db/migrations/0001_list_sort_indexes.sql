DROP INDEX "events_status_created_idx";--> statement-breakpoint
DROP INDEX "events_status_start_date_idx";--> statement-breakpoint
DROP INDEX "news_articles_status_created_idx";--> statement-breakpoint
CREATE INDEX "events_status_created_idx" ON "events" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_status_start_date_idx" ON "events" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "news_articles_status_created_idx" ON "news_articles" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);