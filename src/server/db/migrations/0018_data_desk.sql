CREATE TABLE "data_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text,
	"change_kind" text NOT NULL,
	"base_version" integer,
	"fields" jsonb NOT NULL,
	"source_url" text,
	"source_document_id" uuid,
	"note" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"author_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"correction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_changes_kind_check" CHECK ("data_changes"."kind" in ('state', 'school', 'estimate', 'country')),
	CONSTRAINT "data_changes_change_kind_check" CHECK ("data_changes"."change_kind" in ('edit', 'add', 'close', 'reopen', 'merge', 'checked', 'import')),
	CONSTRAINT "data_changes_status_check" CHECK ("data_changes"."status" in ('proposed', 'published', 'rejected', 'withdrawn')),
	CONSTRAINT "data_changes_source_check" CHECK ("data_changes"."source_url" is not null or "data_changes"."source_document_id" is not null),
	CONSTRAINT "data_changes_note_length_check" CHECK (char_length("data_changes"."note") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "data_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"publisher" text NOT NULL,
	"published_on" date,
	"licence" text NOT NULL,
	"source_url" text,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "data_generation_one_row_check" CHECK ("data_generation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "data_record_versions" (
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text NOT NULL,
	"dataset_version" integer NOT NULL,
	"change_id" uuid,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_record_versions_kind_record_id_version_pk" PRIMARY KEY("kind","record_id","version")
);
--> statement-breakpoint
CREATE TABLE "data_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"merged_into" text,
	"checked_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_records_kind_id_pk" PRIMARY KEY("kind","id"),
	CONSTRAINT "data_records_kind_check" CHECK ("data_records"."kind" in ('state', 'school', 'estimate', 'country')),
	CONSTRAINT "data_records_status_check" CHECK ("data_records"."status" in ('open', 'closed', 'merged'))
);
--> statement-breakpoint
CREATE TABLE "dataset_versions" (
	"dataset" text NOT NULL,
	"version" integer NOT NULL,
	"change_id" uuid,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dataset_versions_dataset_version_pk" PRIMARY KEY("dataset","version")
);
--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_source_document_id_data_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."data_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_changes" ADD CONSTRAINT "data_changes_correction_id_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."corrections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_documents" ADD CONSTRAINT "data_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_record_versions" ADD CONSTRAINT "data_record_versions_change_id_data_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."data_changes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_versions" ADD CONSTRAINT "dataset_versions_change_id_data_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."data_changes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_changes_status_idx" ON "data_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "data_changes_record_idx" ON "data_changes" USING btree ("kind","record_id","created_at");--> statement-breakpoint
CREATE INDEX "data_record_versions_dataset_idx" ON "data_record_versions" USING btree ("kind","dataset_version");--> statement-breakpoint
INSERT INTO "data_generation" ("id", "generation") VALUES (1, 1);
