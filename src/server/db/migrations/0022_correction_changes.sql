ALTER TABLE "corrections" ADD COLUMN "sender_language" text;--> statement-breakpoint
ALTER TABLE "corrections" ADD COLUMN "change_id" uuid;--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_change_id_data_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."data_changes"("id") ON DELETE set null ON UPDATE no action;