-- Decision 033 is superseded: the admin users list computes every answer from the database, so
-- nothing reads the users version any more; its trigger and function go with the table.
DROP TRIGGER "users_bump_version" ON "users";--> statement-breakpoint
DROP FUNCTION "table_versions_bump"();--> statement-breakpoint
DROP TABLE "table_versions" CASCADE;
