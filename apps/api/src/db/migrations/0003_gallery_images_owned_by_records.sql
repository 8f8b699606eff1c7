ALTER TABLE "uploaded_files" ADD COLUMN "owner_type" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "position" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_owner_position_idx" ON "uploaded_files" USING btree ("owner_type","owner_id","position");--> statement-breakpoint
-- The images already stored become their records' images before the columns that named them go.
UPDATE "uploaded_files" SET "owner_type" = 'board_member', "owner_id" = "board_members"."id", "position" = 0 FROM "board_members" WHERE "board_members"."image_path" = "uploaded_files"."public_path";--> statement-breakpoint
UPDATE "uploaded_files" SET "owner_type" = 'news_article', "owner_id" = "gallery"."id", "position" = "gallery"."position" FROM (SELECT "news_articles"."id", "image"."path", "image"."ordinality" - 1 AS "position" FROM "news_articles", unnest("news_articles"."image_gallery") WITH ORDINALITY AS "image"("path", "ordinality")) AS "gallery" WHERE "gallery"."path" = "uploaded_files"."public_path";--> statement-breakpoint
ALTER TABLE "board_members" DROP COLUMN "image_path";--> statement-breakpoint
ALTER TABLE "news_articles" DROP COLUMN "image_gallery";--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_type_check" CHECK ("uploaded_files"."owner_type" in ('board_member', 'news_article'));--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_check" CHECK (("uploaded_files"."owner_type" is null and "uploaded_files"."owner_id" is null and "uploaded_files"."position" is null) or ("uploaded_files"."owner_type" is not null and "uploaded_files"."owner_id" is not null and "uploaded_files"."position" is not null and "uploaded_files"."position" >= 0));