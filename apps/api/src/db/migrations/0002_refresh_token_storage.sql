ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_replaced_by_id_refresh_tokens_id_fk";
--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "token_hash" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "token_hash" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
-- Not in the schema (drizzle-kit has no table storage parameters): every token row is updated
-- exactly once (used_at, replaced_by_id), and with half of each page left free that new version
-- fits beside the old one, a "HOT" update that adds nothing to the table's three indexes.
ALTER TABLE "refresh_tokens" SET (fillfactor = 50);
