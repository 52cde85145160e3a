CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow" text NOT NULL,
	"entity_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "status_history_entity_idx" ON "status_history" USING btree ("workflow","entity_id","created_at");