CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_sequences_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "dues_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_centavos" integer NOT NULL,
	"paid_on" date NOT NULL,
	"receipt_number" text,
	"bir_invoice_number" text,
	"proof_path" text,
	"proof_type" text,
	"rejection_reason" text,
	"provider_payment_id" text,
	"submitted_by" uuid,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_payments_status_check" CHECK ("dues_payments"."status" in ('submitted', 'recorded', 'rejected', 'held')),
	CONSTRAINT "dues_payments_amount_check" CHECK ("dues_payments"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "dues_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"regular_fee_centavos" integer NOT NULL,
	"associate_fee_centavos" integer NOT NULL,
	"individual_fee_centavos" integer NOT NULL,
	"payment_instructions" text NOT NULL,
	"qr_image_path" text,
	"association_name" text NOT NULL,
	"association_address" text NOT NULL,
	"association_tin" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_settings_single_row" CHECK ("dues_settings"."id" = 1),
	CONSTRAINT "dues_settings_regular_fee_check" CHECK ("dues_settings"."regular_fee_centavos" >= 0),
	CONSTRAINT "dues_settings_associate_fee_check" CHECK ("dues_settings"."associate_fee_centavos" >= 0),
	CONSTRAINT "dues_settings_individual_fee_check" CHECK ("dues_settings"."individual_fee_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dues_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"user_id" uuid,
	"membership_id" uuid,
	"category" text NOT NULL,
	"months" integer NOT NULL,
	"period_from" date,
	"period_to" date,
	"amount_centavos" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"billed_name" text NOT NULL,
	"billed_email" text NOT NULL,
	"billed_address" text,
	"billed_tin" text,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_statements_kind_check" CHECK ("dues_statements"."kind" in ('new_member', 'semester', 'manual')),
	CONSTRAINT "dues_statements_status_check" CHECK ("dues_statements"."status" in ('issued', 'partly_paid', 'paid', 'void')),
	CONSTRAINT "dues_statements_category_check" CHECK ("dues_statements"."category" in ('Regular', 'Associate', 'Individual', 'Honorary')),
	CONSTRAINT "dues_statements_amount_check" CHECK ("dues_statements"."amount_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_statement_id_dues_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."dues_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_payments" ADD CONSTRAINT "dues_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_statements" ADD CONSTRAINT "dues_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_statements" ADD CONSTRAINT "dues_statements_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_payments_receipt_unique" ON "dues_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_payments_provider_payment_unique" ON "dues_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "dues_payments_statement_idx" ON "dues_payments" USING btree ("statement_id","created_at");--> statement-breakpoint
CREATE INDEX "dues_payments_status_idx" ON "dues_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_statements_number_unique" ON "dues_statements" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_statements_membership_period_unique" ON "dues_statements" USING btree ("membership_id","period_from") WHERE "dues_statements"."status" <> 'void' and "dues_statements"."kind" = 'semester';--> statement-breakpoint
CREATE UNIQUE INDEX "dues_statements_new_member_unique" ON "dues_statements" USING btree ("membership_id") WHERE "dues_statements"."status" <> 'void' and "dues_statements"."kind" = 'new_member';--> statement-breakpoint
CREATE INDEX "dues_statements_user_created_idx" ON "dues_statements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "dues_statements_membership_due_idx" ON "dues_statements" USING btree ("membership_id","due_on");--> statement-breakpoint
CREATE INDEX "dues_statements_status_due_idx" ON "dues_statements" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "dues_statements_created_idx" ON "dues_statements" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated'));