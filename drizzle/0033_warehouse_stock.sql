CREATE TABLE "catalog_number_stock" (
	"catalog_number_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"next_delivery_date" date,
	"lead_time_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_number_stock_catalog_number_id_warehouse_id_pk" PRIMARY KEY("catalog_number_id","warehouse_id"),
	CONSTRAINT "catalog_number_stock_quantity" CHECK ("catalog_number_stock"."quantity" >= 0),
	CONSTRAINT "catalog_number_stock_lead_time" CHECK ("catalog_number_stock"."lead_time_days" is null or "catalog_number_stock"."lead_time_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_pl" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_number_stock" ADD CONSTRAINT "catalog_number_stock_catalog_number_id_product_catalog_numbers_id_fk" FOREIGN KEY ("catalog_number_id") REFERENCES "public"."product_catalog_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_number_stock" ADD CONSTRAINT "catalog_number_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_number_stock_warehouse_idx" ON "catalog_number_stock" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_idx" ON "warehouses" USING btree (upper("code"));