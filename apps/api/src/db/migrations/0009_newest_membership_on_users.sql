ALTER TABLE "users" ADD COLUMN "newest_membership_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "newest_membership_category" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "newest_membership_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_newest_membership_idx" ON "users" USING btree ("newest_membership_status","newest_membership_expires_at");--> statement-breakpoint
CREATE INDEX "users_newest_membership_category_idx" ON "users" USING btree ("newest_membership_category");--> statement-breakpoint
-- The newest membership of a user (by created_at, then id) is copied onto the user by the database
-- itself, on every write to memberships whatever makes it (docs/decisions/032).
CREATE FUNCTION "users_copy_newest_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid;
BEGIN
  FOR affected IN
    SELECT DISTINCT user_id FROM unnest(CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW.user_id]
      WHEN 'DELETE' THEN ARRAY[OLD.user_id]
      ELSE ARRAY[NEW.user_id, OLD.user_id] END) AS changed(user_id)
  LOOP
    UPDATE "users"
    SET ("newest_membership_status", "newest_membership_category", "newest_membership_expires_at") = (
      SELECT "status", "category", "expires_at" FROM "memberships"
      WHERE "memberships"."user_id" = affected
      ORDER BY "created_at" DESC, "id" DESC
      LIMIT 1)
    WHERE "id" = affected;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_copy_newest_to_users"
AFTER INSERT OR UPDATE OR DELETE ON "memberships"
FOR EACH ROW EXECUTE FUNCTION "users_copy_newest_membership"();--> statement-breakpoint
UPDATE "users"
SET ("newest_membership_status", "newest_membership_category", "newest_membership_expires_at") = (
  SELECT "status", "category", "expires_at" FROM "memberships"
  WHERE "memberships"."user_id" = "users"."id"
  ORDER BY "created_at" DESC, "id" DESC
  LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "memberships" WHERE "memberships"."user_id" = "users"."id");
