CREATE TABLE "application_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"investment_name" text DEFAULT '' NOT NULL,
	"return_reason" text,
	"submitted_at" timestamp with time zone,
	"certificate_number" text,
	"certificate_issued_on" date,
	"certificate_valid_until" date,
	"certificate_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "warranty_applications_status_check" CHECK ("warranty_applications"."status" in ('draft', 'submitted', 'in_review', 'returned', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "application_attachments" ADD CONSTRAINT "application_attachments_application_id_warranty_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."warranty_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_attachments" ADD CONSTRAINT "application_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_applications" ADD CONSTRAINT "warranty_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_applications" ADD CONSTRAINT "warranty_applications_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_attachments_application_idx" ON "application_attachments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_attachments_file_idx" ON "application_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_applications_certificate_key" ON "warranty_applications" USING btree ("certificate_number");--> statement-breakpoint
CREATE INDEX "warranty_applications_user_idx" ON "warranty_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "warranty_applications_status_idx" ON "warranty_applications" USING btree ("status");