ALTER TABLE "training_enrolments" ADD COLUMN "certificate_code" text;--> statement-breakpoint
-- Issued certificates get their random part now (no pgcrypto on PGlite): 32 hex digits from three random() values per row.
UPDATE "training_enrolments" SET "certificate_code" = md5(random()::text || random()::text || random()::text || clock_timestamp()::text || "id"::text) WHERE "certificate_number" IS NOT NULL AND "certificate_code" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrolments_certificate_code_unique" ON "training_enrolments" USING btree ("certificate_code");
