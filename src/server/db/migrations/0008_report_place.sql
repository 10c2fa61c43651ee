ALTER TABLE "eyewitness_reports" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "lga" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "occurred_on" date;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "place_precision" text DEFAULT 'state' NOT NULL;--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD COLUMN "people_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "eyewitness_reports_state_idx" ON "eyewitness_reports" USING btree ("status","state_id","reviewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_state_id_check" CHECK ("eyewitness_reports"."state_id" between 1 and 37);--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_place_precision_check" CHECK ("eyewitness_reports"."place_precision" in ('state', 'lga', 'place'));--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_place_check" CHECK (("eyewitness_reports"."state_id" is null) = ("eyewitness_reports"."lga" is null) and ("eyewitness_reports"."state_id" is null) = ("eyewitness_reports"."occurred_on" is null) and ("eyewitness_reports"."place_precision" <> 'place' or "eyewitness_reports"."place_name" is not null));--> statement-breakpoint
ALTER TABLE "eyewitness_reports" ADD CONSTRAINT "eyewitness_reports_place_name_length_check" CHECK (char_length("eyewitness_reports"."place_name") <= 120);