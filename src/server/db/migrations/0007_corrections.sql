CREATE TABLE "corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"what_is_wrong" text NOT NULL,
	"source_url" text,
	"email" text,
	"sender_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corrections_subject_check" CHECK ("corrections"."subject" in ('state', 'school')),
	CONSTRAINT "corrections_status_check" CHECK ("corrections"."status" in ('new', 'accepted', 'dismissed')),
	CONSTRAINT "corrections_what_is_wrong_length_check" CHECK (char_length("corrections"."what_is_wrong") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrections" ADD CONSTRAINT "corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrections_status_idx" ON "corrections" USING btree ("status","created_at");