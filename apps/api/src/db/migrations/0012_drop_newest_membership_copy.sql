-- Decision 032 revisited: the admin list reads each user's newest membership from memberships
-- (newestMembershipOf), so nothing reads the copy on users any more; its trigger goes first, so no
-- write to memberships tries to fill the columns dropped below.
DROP TRIGGER "memberships_copy_newest_to_users" ON "memberships";--> statement-breakpoint
DROP FUNCTION "users_copy_newest_membership"();--> statement-breakpoint
DROP INDEX "users_newest_membership_idx";--> statement-breakpoint
DROP INDEX "users_newest_membership_category_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "newest_membership_status";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "newest_membership_category";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "newest_membership_expires_at";