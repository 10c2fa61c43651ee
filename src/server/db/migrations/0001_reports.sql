CREATE TABLE "eyewitness_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"comment_type" text NOT NULL,
	"comment" text NOT NULL,
	"video_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eyewitness_reports_comment_type_check" CHECK ("eyewitness_reports"."comment_type" in ('barrier', 'experience', 'question', 'contribution')),
	CONSTRAINT "eyewitness_reports_status_check" CHECK ("eyewitness_reports"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "report_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_media_kind_check" CHECK ("report_media"."kind" in ('photo', 'video'))
);
--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_media" ADD CONSTRAINT "report_media_report_id_eyewitness_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."eyewitness_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eyewitness_reports_reporter_idx" ON "eyewitness_reports" USING btree ("reporter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "eyewitness_reports_status_idx" ON "eyewitness_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_media_report_position_key" ON "report_media" USING btree ("report_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "report_media_storage_key_key" ON "report_media" USING btree ("storage_key");