DROP INDEX "events_title_trgm_idx";--> statement-breakpoint
DROP INDEX "events_description_trgm_idx";--> statement-breakpoint
DROP INDEX "events_organizer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "events_location_name_trgm_idx";--> statement-breakpoint
DROP INDEX "news_articles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "news_articles_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(organizer_name, '') || ' ' || coalesce(location_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(description, ''))) STORED;--> statement-breakpoint
CREATE INDEX "events_search_text_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_articles_search_text_trgm_idx" ON "news_articles" USING gin ("search_text" gin_trgm_ops);