ALTER TABLE "data_record_versions" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "data_records" ALTER COLUMN "data" SET DATA TYPE json;