CREATE TABLE "static_site_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "static_site_old_slugs" ADD CONSTRAINT "static_site_old_slugs_site_id_static_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."static_sites"("id") ON DELETE cascade ON UPDATE no action;