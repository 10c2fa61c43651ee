ALTER TABLE "report_media" ADD COLUMN "variants_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "variant_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "report_media_variants_due_idx" ON "report_media" USING btree ("variants_due_at") WHERE "report_media"."variants_due_at" is not null;