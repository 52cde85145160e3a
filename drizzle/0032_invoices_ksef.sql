CREATE TABLE "ksef_sync_state" (
	"nip" text PRIMARY KEY NOT NULL,
	"cursor" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_imported" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "xml_file_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ksef_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_xml_file_id_files_id_fk" FOREIGN KEY ("xml_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_xml_file_idx" ON "invoices" USING btree ("xml_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ksef_number_idx" ON "invoices" USING btree ("ksef_number");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_source" CHECK ("invoices"."source" in ('pdf', 'xml', 'ksef'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_has_file" CHECK ("invoices"."file_id" is not null or "invoices"."xml_file_id" is not null);