CREATE TABLE "directory_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about" text,
	"commodities" text[] DEFAULT '{}'::text[] NOT NULL,
	"activities" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"provinces" text[] DEFAULT '{}'::text[] NOT NULL,
	"website" text,
	"contact_person" text,
	"profession" text,
	"specialisations" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_of_practice" integer,
	"employer" text,
	"competent_person" boolean DEFAULT false NOT NULL,
	"licence_verified" boolean DEFAULT false NOT NULL,
	"contact_enabled" boolean DEFAULT true NOT NULL,
	"visibility" jsonb NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_entries_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "directory_entries_kind_check" CHECK ("directory_entries"."kind" in ('company', 'professional')),
	CONSTRAINT "directory_entries_name_visibility_check" CHECK (("directory_entries"."visibility" ->> 'name') in ('public', 'members'))
);
--> statement-breakpoint
CREATE TABLE "directory_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"report_reason" text
);
--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_messages" ADD CONSTRAINT "directory_messages_entry_id_directory_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."directory_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_messages" ADD CONSTRAINT "directory_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_messages_sender_created_idx" ON "directory_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "directory_messages_entry_created_idx" ON "directory_messages" USING btree ("entry_id","created_at");