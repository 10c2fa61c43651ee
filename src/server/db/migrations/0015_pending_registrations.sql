-- Each registration of an address nobody has verified is its own row; only a verified address is unique.
-- The page tokens for choosing a password after verifying elsewhere are no longer issued or accepted:
-- that page now asks for the registration's password or a new one with the verification link itself.
DELETE FROM "auth_tokens" WHERE "purpose" = 'choose-password';--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_lower_key" ON "users" USING btree (lower("email")) WHERE "users"."is_verified";--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));