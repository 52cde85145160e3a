ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('simple'::regconfig, search_text))) STORED;--> statement-breakpoint
CREATE INDEX "categories_image_idx" ON "categories" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "pdoc_file_idx" ON "product_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "pimg_file_idx" ON "product_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_sort_pl_idx" ON "products" USING btree (lower(translate("name_pl", 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż', 'ACELNOSZZacelnoszz')));--> statement-breakpoint
CREATE INDEX "products_sort_en_idx" ON "products" USING btree (lower(translate("name_en", 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż', 'ACELNOSZZacelnoszz')));--> statement-breakpoint
CREATE INDEX "products_datasheet_idx" ON "products" USING btree ("datasheet_file_id");