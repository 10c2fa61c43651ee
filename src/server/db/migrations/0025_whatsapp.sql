ALTER TABLE "report_media" DROP CONSTRAINT "report_media_kind_check";--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "report_media" ADD CONSTRAINT "report_media_kind_check" CHECK ("report_media"."kind" in ('photo', 'video', 'audio'));