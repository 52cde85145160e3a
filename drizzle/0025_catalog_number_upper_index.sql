DROP INDEX "pcn_number_idx";--> statement-breakpoint
CREATE INDEX "pcn_number_upper_idx" ON "product_catalog_numbers" USING btree (upper("number"));