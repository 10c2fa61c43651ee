ALTER TABLE "data_changes" ADD COLUMN "source_title" text;--> statement-breakpoint
ALTER TABLE "data_changes" ADD COLUMN "source_publisher" text;--> statement-breakpoint
ALTER TABLE "data_changes" ADD COLUMN "source_read" date;