CREATE TABLE "rental_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"courier_fee" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tester_rentals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" integer NOT NULL,
	"user_id" integer,
	"datetime_from" date NOT NULL,
	"datetime_to" date NOT NULL,
	"days" integer NOT NULL,
	"price_per_day" integer NOT NULL,
	"threshold_days" integer NOT NULL,
	"extra_day_price" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"courier_fee" integer DEFAULT 0 NOT NULL,
	"cost" integer NOT NULL,
	"cost_correction_reason" text,
	"is_personal_pickup" boolean DEFAULT true NOT NULL,
	"tenant_name" text NOT NULL,
	"tenant_tax_id" text DEFAULT '' NOT NULL,
	"tenant_street" text NOT NULL,
	"tenant_postcode" text NOT NULL,
	"tenant_post" text NOT NULL,
	"tenant_phone" text NOT NULL,
	"tenant_person" text NOT NULL,
	"tenant_email" text NOT NULL,
	"delivery_address" jsonb,
	"signed_contract_file_id" uuid,
	"waybill_number" text DEFAULT '' NOT NULL,
	"return_waybill_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tester_rentals_range_check" CHECK ("tester_rentals"."datetime_to" >= "tester_rentals"."datetime_from")
);
--> statement-breakpoint
CREATE TABLE "testers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"description_pl" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"accessories_pl" text DEFAULT '' NOT NULL,
	"accessories_en" text DEFAULT '' NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_per_day" integer NOT NULL,
	"threshold_days" integer NOT NULL,
	"extra_day_price" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "testers_prices_check" CHECK ("testers"."price_per_day" >= 0 and "testers"."extra_day_price" >= 0 and "testers"."deposit" >= 0 and "testers"."threshold_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_signed_contract_file_id_files_id_fk" FOREIGN KEY ("signed_contract_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tester_rentals_tester_idx" ON "tester_rentals" USING btree ("tester_id","datetime_from");--> statement-breakpoint
CREATE INDEX "tester_rentals_user_idx" ON "tester_rentals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tester_rentals_status_idx" ON "tester_rentals" USING btree ("status");--> statement-breakpoint
-- Written by hand (drizzle-kit has no exclusion constraints): no two rentals of one tester that are
-- not cancelled share a day. PGlite loads btree_gist in core/db/client.server.ts; PostgreSQL has it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "tester_rentals" ADD CONSTRAINT "tester_rentals_no_overlap" EXCLUDE USING gist ("tester_id" WITH =, daterange("datetime_from", "datetime_to", '[]') WITH &&) WHERE ("status" <> 'cancelled');
