CREATE TABLE "complaint_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"author_id" integer,
	"author_email" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"user_id" integer,
	"locale" text DEFAULT 'pl' NOT NULL,
	"company_name" text NOT NULL,
	"tax_identification_nr" text DEFAULT '' NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"post" text NOT NULL,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"purchase_date" date NOT NULL,
	"purchase_document_number" text NOT NULL,
	"product_name" text NOT NULL,
	"description" text NOT NULL,
	"defect_noticed_date" date NOT NULL,
	"preferred_action" text NOT NULL,
	"preferred_action_other" text DEFAULT '' NOT NULL,
	"is_different_delivery_address" boolean DEFAULT false NOT NULL,
	"delivery_name" text DEFAULT '' NOT NULL,
	"delivery_street" text DEFAULT '' NOT NULL,
	"delivery_postcode" text DEFAULT '' NOT NULL,
	"delivery_post" text DEFAULT '' NOT NULL,
	"accepted_privacy_at" timestamp with time zone NOT NULL,
	"accepted_rodo_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('new', 'in_progress', 'accepted', 'rejected', 'closed')),
	CONSTRAINT "complaints_action_check" CHECK ("complaints"."preferred_action" in ('repair', 'replacement', 'refund', 'other'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"locale" text DEFAULT 'pl' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"accepted_privacy_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_subject_check" CHECK ("contact_messages"."subject" in ('general', 'sales', 'technical_support', 'training', 'rentals'))
);
--> statement-breakpoint
ALTER TABLE "complaint_attachments" ADD CONSTRAINT "complaint_attachments_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_attachments" ADD CONSTRAINT "complaint_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_attachments_complaint_idx" ON "complaint_attachments" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_attachments_file_idx" ON "complaint_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "complaint_notes_complaint_idx" ON "complaint_notes" USING btree ("complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_number_key" ON "complaints" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_year_seq_key" ON "complaints" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");