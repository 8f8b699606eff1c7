CREATE TABLE "directory_representatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"representative_id" uuid NOT NULL,
	"email" text NOT NULL,
	"agree_token_hash" text NOT NULL,
	"withdraw_token_hash" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	CONSTRAINT "directory_representatives_agree_token_hash_unique" UNIQUE("agree_token_hash"),
	CONSTRAINT "directory_representatives_withdraw_token_hash_unique" UNIQUE("withdraw_token_hash"),
	CONSTRAINT "directory_representatives_ended_by_check" CHECK ("directory_representatives"."ended_by" in ('representative', 'company'))
);
--> statement-breakpoint
ALTER TABLE "directory_representatives" ADD CONSTRAINT "directory_representatives_representative_id_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."representatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_representatives_current_idx" ON "directory_representatives" USING btree ("representative_id") WHERE ended_at is null;