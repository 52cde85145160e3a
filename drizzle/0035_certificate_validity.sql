ALTER TABLE "training_enrolments" ADD COLUMN "certificate_valid_until" date;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD COLUMN "certificate_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD COLUMN "certificate_revoke_reason" text;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD COLUMN "certificate_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "certificate_valid_months" integer;--> statement-breakpoint
CREATE INDEX "training_enrolments_certificate_valid_until_idx" ON "training_enrolments" USING btree ("certificate_valid_until");--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD CONSTRAINT "training_enrolments_revoke_reason" CHECK (("training_enrolments"."certificate_revoked_at" is null) = ("training_enrolments"."certificate_revoke_reason" is null));--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_certificate_months_range" CHECK ("trainings"."certificate_valid_months" is null or "trainings"."certificate_valid_months" between 1 and 600);