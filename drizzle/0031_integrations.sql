CREATE TABLE "api_key_usage" (
	"api_key_id" integer NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_api_key_id_day_pk" PRIMARY KEY("api_key_id","day")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_by_email" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_idempotency" (
	"api_key_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_idempotency_api_key_id_key_pk" PRIMARY KEY("api_key_id","key"),
	CONSTRAINT "integration_idempotency_key_length" CHECK (length("integration_idempotency"."key") between 1 and 255)
);
--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waybill" text;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_idempotency" ADD CONSTRAINT "integration_idempotency_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integration_idempotency_created_idx" ON "integration_idempotency" USING btree ("created_at");