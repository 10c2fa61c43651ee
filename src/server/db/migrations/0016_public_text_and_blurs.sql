ALTER TABLE "eyewitness_reports" ADD COLUMN "public_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The public text of a report, kept apart from what the reporter wrote: a moderator's redactions and edits
-- change only it. Every report sent so far is published (or would be) with its comment as it is.
UPDATE "eyewitness_reports" SET "public_comment" = "comment";--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "blurs" jsonb;--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "public_storage_key" text;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","created_at");
