CREATE TABLE "home_sections" (
	"key" text PRIMARY KEY NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_pl" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"lead_pl" text DEFAULT '' NOT NULL,
	"lead_en" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;