ALTER TABLE "data_changes" ADD COLUMN "import_rows" jsonb;--> statement-breakpoint
ALTER TABLE "data_changes" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_import_id_data_changes_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_changes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_changes_import_idx" ON "data_changes" USING btree ("import_id");