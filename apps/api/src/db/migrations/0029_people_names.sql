ALTER TABLE "users" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "middle_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suffix" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trade_name" text;--> statement-breakpoint
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(username || ' ' || email || ' ' || coalesce(first_name || ' ', '') || coalesce(middle_name || ' ', '') || coalesce(last_name || ' ', '') || coalesce(suffix || ' ', '') || coalesce(registered_name || ' ', '') || coalesce(trade_name, ''))) STORED;--> statement-breakpoint
-- hand-written: dropping search_text dropped its trigram index (0021); it is made again. The
-- ADD COLUMN lines above must come before search_text's, which reads them (drizzle-kit writes them
-- after it). An individual's registered_name (decision 049 kept a person's full name there) is
-- split into first name (all but the last word) and last name (the last word) where it has two
-- words or more (decision 056); one word is left for the member to complete.
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
UPDATE "users"
SET
  "first_name" = regexp_replace(btrim("registered_name"), '\s+\S+$', ''),
  "last_name" = substring(btrim("registered_name") from '(\S+)$')
WHERE "type" <> 'company'
  AND "first_name" IS NULL
  AND "last_name" IS NULL
  AND btrim("registered_name") ~ '\S\s+\S';
