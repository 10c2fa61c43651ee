-- Trigram index for the user search of the roles page. pg_trgm ships with PostgreSQL (contrib) and is a
-- trusted extension (PostgreSQL 13+), so the database owner can create it; PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("firstname" || ' ' || "lastname" || chr(10) || "email")) gin_trgm_ops);
