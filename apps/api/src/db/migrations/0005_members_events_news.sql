CREATE TABLE "news_image_urls" (
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "news_image_urls_pkey" PRIMARY KEY("article_id","position"),
	CONSTRAINT "news_image_urls_position_check" CHECK ("news_image_urls"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "uploaded_files" DROP CONSTRAINT "uploaded_files_owner_type_check";--> statement-breakpoint
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(username || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "news_image_urls" ADD CONSTRAINT "news_image_urls_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_articles_fts_idx" ON "news_articles" USING gin (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(content, '')));--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('confirm_email', 'reset_password', 'invitation', 'change_email'));--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_type_check" CHECK ("uploaded_files"."owner_type" in ('board_member', 'news_article', 'user', 'representative', 'event', 'speaker'));