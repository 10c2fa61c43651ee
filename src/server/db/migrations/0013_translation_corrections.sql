ALTER TABLE "corrections" DROP CONSTRAINT "corrections_subject_check";--> statement-breakpoint
ALTER TABLE "corrections" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "corrections" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "corrections" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_subject_fields_check" CHECK (case when "corrections"."subject" = 'translation' then "corrections"."subject_id" is null and "corrections"."language" is not null and "corrections"."page" is not null else "corrections"."subject_id" is not null and "corrections"."language" is null and "corrections"."page" is null end);--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_page_length_check" CHECK (char_length("corrections"."page") <= 500);--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_subject_check" CHECK ("corrections"."subject" in ('state', 'school', 'translation'));