CREATE TABLE "membership_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"membership_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "member_number" text;--> statement-breakpoint
ALTER TABLE "membership_cards" ADD CONSTRAINT "membership_cards_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_cards_membership_unique" ON "membership_cards" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_cards_token_hash_unique" ON "membership_cards" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_member_number_unique" ON "memberships" USING btree ("member_number");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked'));