ALTER TABLE "tester_rentals" ADD COLUMN "blocked_from" date;--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD COLUMN "blocked_to" date;--> statement-breakpoint
UPDATE "tester_rentals" SET "blocked_from" = "datetime_from", "blocked_to" = "datetime_to";--> statement-breakpoint
ALTER TABLE "tester_rentals" ALTER COLUMN "blocked_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tester_rentals" ALTER COLUMN "blocked_to" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "calibration_valid_until" date;--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "turnaround_before_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "turnaround_after_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "in_repair" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_blocked_check" CHECK ("tester_rentals"."blocked_from" <= "tester_rentals"."datetime_from" and "tester_rentals"."blocked_to" >= "tester_rentals"."datetime_to");--> statement-breakpoint
ALTER TABLE "testers" ADD CONSTRAINT "testers_turnaround_check" CHECK ("testers"."turnaround_before_days" between 0 and 10 and "testers"."turnaround_after_days" between 0 and 10);--> statement-breakpoint
-- Hand-written: two rentals of one meter (not cancelled) may not share a day of their occupied
-- windows (the rental's days with the turnaround before and after; rules.ts occupiedWindow). The
-- windows contain the rental's days (tester_rentals_blocked_check), so this is at least as strict
-- as the constraint it replaces.
ALTER TABLE "tester_rentals" DROP CONSTRAINT "tester_rentals_no_overlap";--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_no_overlap" EXCLUDE USING gist ("tester_id" WITH =, daterange("blocked_from", "blocked_to", '[]') WITH &&) WHERE ("status" <> 'cancelled');
