ALTER TABLE "meeting_roll_entries" DROP CONSTRAINT "meeting_roll_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "meeting_roll_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_roll_entries" ADD CONSTRAINT "meeting_roll_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;