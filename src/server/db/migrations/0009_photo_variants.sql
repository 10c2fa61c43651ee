CREATE TABLE "report_media_variants" (
	"media_id" uuid NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "report_media_variants_media_id_size_pk" PRIMARY KEY("media_id","size")
);
--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "report_media" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "report_media_variants" ADD CONSTRAINT "report_media_variants_media_id_report_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."report_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_media_variants_storage_key_key" ON "report_media_variants" USING btree ("storage_key");