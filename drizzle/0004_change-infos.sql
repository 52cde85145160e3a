CREATE TABLE "change_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_email" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_infos_entity_idx" ON "change_infos" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "change_infos_user_idx" ON "change_infos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "change_infos_created_idx" ON "change_infos" USING btree ("created_at");