CREATE TABLE "news_views" (
	"article_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "news_views_pkey" PRIMARY KEY("article_id","viewer_key","hour")
);
--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_views_hour_idx" ON "news_views" USING btree ("hour");