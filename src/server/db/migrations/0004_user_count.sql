CREATE TABLE "user_count" (
	"id" integer PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "user_count_single_row" CHECK ("user_count"."id" = 1)
);
--> statement-breakpoint
-- Kept by statement-level triggers (one update per statement, however many rows it adds), so a bulk
-- insert costs one update and a sign-up one. Truncation (tests) puts it back to zero.
INSERT INTO "user_count" ("id", "total") SELECT 1, count(*) FROM "users";--> statement-breakpoint
CREATE FUNCTION "user_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "total" = "total" + (SELECT count(*) FROM "added") WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "user_count_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "total" = "total" - (SELECT count(*) FROM "removed") WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "user_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_count" SET "total" = 0 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_count_add"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_count_remove"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_count_reset"();
