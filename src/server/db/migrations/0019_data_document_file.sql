ALTER TABLE "data_documents" ADD COLUMN "file_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "data_documents" ADD COLUMN "content_type" text DEFAULT 'application/pdf' NOT NULL;