CREATE TABLE "consent_states" (
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "consent_states_user_id_purpose_pk" PRIMARY KEY("user_id","purpose"),
	CONSTRAINT "consent_states_purpose_check" CHECK ("consent_states"."purpose" in ('privacy_notice', 'announcements_email', 'member_directory', 'cpd_prc_report'))
);
--> statement-breakpoint
ALTER TABLE "consent_states" ADD CONSTRAINT "consent_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The current state of each consent is its latest record (highest seq), copied here by the
-- database in the same transaction as the record, whoever writes it (docs/decisions/072, "Added
-- on 2026-12-07"). An insert is the latest unless a higher seq is already copied (two
-- transactions of one person committing out of order); deleting or changing the copied record
-- (retention, a test ageing a row) copies the latest one left, or none.
CREATE FUNCTION "consent_states_follow_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "consent_states" s
      WHERE s."user_id" = OLD."user_id" AND s."purpose" = OLD."purpose" AND s."seq" = OLD."seq";
    IF FOUND THEN
      INSERT INTO "consent_states" ("user_id", "purpose", "given", "seq")
        SELECT r."user_id", r."purpose", r."given", r."seq" FROM "consent_records" r
        WHERE r."user_id" = OLD."user_id" AND r."purpose" = OLD."purpose"
        ORDER BY r."seq" DESC LIMIT 1
      ON CONFLICT ("user_id", "purpose") DO UPDATE SET "given" = EXCLUDED."given", "seq" = EXCLUDED."seq"
        WHERE "consent_states"."seq" < EXCLUDED."seq";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "consent_states" ("user_id", "purpose", "given", "seq")
      VALUES (NEW."user_id", NEW."purpose", NEW."given", NEW."seq")
    ON CONFLICT ("user_id", "purpose") DO UPDATE SET "given" = EXCLUDED."given", "seq" = EXCLUDED."seq"
      WHERE "consent_states"."seq" <= EXCLUDED."seq";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "consent_records_keep_states"
  AFTER INSERT OR UPDATE OR DELETE ON "consent_records"
  FOR EACH ROW EXECUTE FUNCTION "consent_states_follow_records"();--> statement-breakpoint
INSERT INTO "consent_states" ("user_id", "purpose", "given", "seq")
  SELECT DISTINCT ON ("user_id", "purpose") "user_id", "purpose", "given", "seq" FROM "consent_records"
  ORDER BY "user_id", "purpose", "seq" DESC;
--> statement-breakpoint
-- Who sees each filtered field (modules/directory/service.ts fieldVisible, with the defaults of
-- DEFAULT_DIRECTORY_VISIBILITY): without statistics on these expressions the planner guesses that
-- 0.5% of the entries pass each one, takes 3,000 entries for 15, and looks each one's account and
-- consent up by index instead of joining them once (docs/decisions/072, "Added on 2026-12-07").
CREATE STATISTICS "directory_entries_seen_by" ON
  (coalesce("visibility" ->> 'name', 'public')),
  (coalesce("visibility" ->> 'commodities', 'members')),
  (coalesce("visibility" ->> 'activities', 'members')),
  (coalesce("visibility" ->> 'areas', 'members')),
  (coalesce("visibility" ->> 'profession', 'members')),
  (coalesce("visibility" ->> 'specialisations', 'members'))
  FROM "directory_entries";
