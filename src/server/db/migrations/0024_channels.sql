CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"phone_hash" text NOT NULL,
	"report_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_opt_outs" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"phone_hash" text NOT NULL,
	"recipient" text,
	"body" text NOT NULL,
	"report_id" uuid,
	"is_decision" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"phone_hash" text NOT NULL,
	"state" jsonb NOT NULL,
	"consumed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ussd_sessions_provider_session_id_pk" PRIMARY KEY("provider","session_id")
);
--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "reply_language" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "occurred_when" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "details_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_report_id_eyewitness_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."eyewitness_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_outbox" ADD CONSTRAINT "channel_outbox_report_id_eyewitness_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."eyewitness_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_provider_id" ON "channel_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "channel_messages_phone_idx" ON "channel_messages" USING btree ("phone_hash","received_at");--> statement-breakpoint
CREATE INDEX "channel_messages_provider_idx" ON "channel_messages" USING btree ("provider","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_outbox_dedupe_key" ON "channel_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "channel_outbox_due_idx" ON "channel_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "ussd_sessions_updated_idx" ON "ussd_sessions" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_channel_check" CHECK ("eyewitness_reports"."channel" in ('web', 'ussd', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_reporter_check" CHECK (("eyewitness_reports"."channel" = 'web') = ("eyewitness_reports"."reporter_id" is not null) and ("eyewitness_reports"."channel" = 'web') = ("eyewitness_reports"."phone_hash" is null));