CREATE TABLE "table_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
-- Every statement that writes users, whatever makes it (the services, the memberships trigger of
-- 0009, the seed), gives the table a new version in its own transaction
-- (docs/decisions/033).
INSERT INTO "table_versions" ("table_name") VALUES ('users');--> statement-breakpoint
CREATE FUNCTION "table_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = gen_random_uuid() WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_bump_version"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "table_versions_bump"();
