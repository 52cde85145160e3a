CREATE TABLE "course_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"city" text NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"certificate_number" text,
	"certificate_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "course_registrations_status_known" CHECK ("course_registrations"."status" in ('waiting', 'registered', 'confirmed', 'attended', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_pl" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description_pl" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"venue" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"time_from" text DEFAULT '09:00' NOT NULL,
	"time_to" text DEFAULT '16:00' NOT NULL,
	"seats" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"registration_deadline" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "courses_seats_positive" CHECK ("courses"."seats" > 0),
	CONSTRAINT "courses_dates_order" CHECK ("courses"."date_to" >= "courses"."date_from"),
	CONSTRAINT "courses_price_nonnegative" CHECK ("courses"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_registrations_course_idx" ON "course_registrations" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "course_registrations_user_idx" ON "course_registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_registrations_one_live_per_email" ON "course_registrations" USING btree ("course_id","email") WHERE "course_registrations"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "course_registrations_certificate_unique" ON "course_registrations" USING btree ("certificate_number");--> statement-breakpoint
CREATE INDEX "courses_date_idx" ON "courses" USING btree ("date_from");