ALTER TABLE "home_sections" ADD COLUMN "points_pl" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "home_sections" ADD COLUMN "points_en" text DEFAULT '' NOT NULL;