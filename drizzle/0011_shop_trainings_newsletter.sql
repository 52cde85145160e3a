CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"net_amount" integer NOT NULL,
	"gross_amount" integer NOT NULL,
	"paid_on" date,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."net_amount" >= 0 and "invoices"."gross_amount" >= "invoices"."net_amount"),
	CONSTRAINT "invoices_dates" CHECK ("invoices"."due_date" >= "invoices"."issue_date")
);
--> statement-breakpoint
CREATE TABLE "calculator_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"method" text NOT NULL,
	"net_amount" integer NOT NULL,
	"gross_amount" integer NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text NOT NULL,
	"p24_session_id" text,
	"p24_order_id" text,
	"access_token" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "calculator_purchases_status_check" CHECK ("calculator_purchases"."status" in ('pending', 'paid', 'cancelled')),
	CONSTRAINT "calculator_purchases_method_check" CHECK ("calculator_purchases"."method" in ('p24', 'transfer')),
	CONSTRAINT "calculator_purchases_amount_check" CHECK ("calculator_purchases"."net_amount" > 0 and "calculator_purchases"."gross_amount" >= "calculator_purchases"."net_amount")
);
--> statement-breakpoint
CREATE TABLE "newsletter_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"terms_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token" text,
	"confirm_sent_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"access_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "newsletter_subscribers_status_check" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"price_list_id" integer NOT NULL,
	"catalog_number_id" integer NOT NULL,
	"net_price" integer NOT NULL,
	CONSTRAINT "price_list_items_price_list_id_catalog_number_id_pk" PRIMARY KEY("price_list_id","catalog_number_id"),
	CONSTRAINT "price_list_items_price_nonnegative" CHECK ("price_list_items"."net_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"catalog_number_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"additional_informations" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_positions_quantity_check" CHECK ("cart_positions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"transport_type_id" integer,
	"delivery_address_id" integer,
	"is_different_delivery_address" boolean DEFAULT false NOT NULL,
	"delivery_address" jsonb,
	"save_delivery_address" boolean DEFAULT false NOT NULL,
	"additional_informations" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "order_idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" integer,
	"catalog_number_id" integer,
	"product_slug" text DEFAULT '' NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"catalog_number_name" text NOT NULL,
	"catalog_number_number" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"multiple" numeric(12, 3) NOT NULL,
	"choice_of_version" text,
	"additional_informations" text DEFAULT '' NOT NULL,
	"weight_kg" numeric(12, 3) DEFAULT 0 NOT NULL,
	"volume_cm" numeric(14, 1) DEFAULT 0 NOT NULL,
	"price_netto" integer,
	"user_price" integer NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"transport_type_id" integer,
	"transport_kind" text NOT NULL,
	"delivery_name" text DEFAULT '' NOT NULL,
	"is_custom_transport" boolean DEFAULT false NOT NULL,
	"packages_count" integer DEFAULT 0 NOT NULL,
	"pallets_count" integer DEFAULT 0 NOT NULL,
	"weight_kg" numeric(14, 3) DEFAULT 0 NOT NULL,
	"volume_cm" numeric(16, 1) DEFAULT 0 NOT NULL,
	"transport_cost" integer DEFAULT 0 NOT NULL,
	"value_netto" integer NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"invoice_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"is_different_delivery_address" boolean DEFAULT false NOT NULL,
	"additional_informations" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"tax_identification_nr" text DEFAULT '' NOT NULL,
	"payment_deadline_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "transport_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_pl" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"unit_price" integer DEFAULT 0 NOT NULL,
	"max_kg_per_unit" numeric(10, 2),
	"max_m3_per_unit" numeric(10, 3),
	"max_units" integer,
	"max_total_kg" numeric(12, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "transport_types_kind_check" CHECK ("transport_types"."kind" in ('courier', 'pallet', 'pickup', 'custom')),
	CONSTRAINT "transport_types_values_check" CHECK ("transport_types"."unit_price" >= 0 and coalesce("transport_types"."max_units", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"number" integer NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"question_ids" jsonb NOT NULL,
	"answers" jsonb,
	"score" integer,
	"required" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "quiz_attempts_status_known" CHECK ("quiz_attempts"."status" in ('open', 'passed', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "training_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text_pl" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"locale" text DEFAULT 'pl' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"attempts_reset_at" timestamp with time zone,
	"questionnaire_at" timestamp with time zone,
	"certificate_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "training_enrolments_status_known" CHECK ("training_enrolments"."status" in ('pending', 'accepted', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"title_pl" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"kind" text DEFAULT 'lesson' NOT NULL,
	"title_pl" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"content_pl" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"video_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_points_kind_known" CHECK ("training_points"."kind" in ('lesson', 'quiz'))
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"enrolment_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_enrolment_id_point_id_pk" PRIMARY KEY("enrolment_id","point_id")
);
--> statement-breakpoint
CREATE TABLE "training_questionnaire_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"ratings" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"text_pl" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_pl" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description_pl" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image_file_id" integer,
	"access_days" integer DEFAULT 90 NOT NULL,
	"quiz_attempts" integer DEFAULT 3 NOT NULL,
	"pass_percent" integer DEFAULT 70 NOT NULL,
	"questions_per_attempt" integer DEFAULT 10 NOT NULL,
	"time_limit_minutes" integer,
	"questionnaire_enabled" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "trainings_access_days_positive" CHECK ("trainings"."access_days" > 0),
	CONSTRAINT "trainings_attempts_positive" CHECK ("trainings"."quiz_attempts" > 0),
	CONSTRAINT "trainings_pass_percent_range" CHECK ("trainings"."pass_percent" between 1 and 100),
	CONSTRAINT "trainings_questions_positive" CHECK ("trainings"."questions_per_attempt" > 0),
	CONSTRAINT "trainings_time_limit_positive" CHECK ("trainings"."time_limit_minutes" is null or "trainings"."time_limit_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_catalog_numbers" ADD COLUMN "weight_kg" numeric(12, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_catalog_numbers" ADD COLUMN "volume_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculator_purchases" ADD CONSTRAINT "calculator_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_catalog_number_id_product_catalog_numbers_id_fk" FOREIGN KEY ("catalog_number_id") REFERENCES "public"."product_catalog_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_positions" ADD CONSTRAINT "cart_positions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_positions" ADD CONSTRAINT "cart_positions_catalog_number_id_product_catalog_numbers_id_fk" FOREIGN KEY ("catalog_number_id") REFERENCES "public"."product_catalog_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_transport_type_id_transport_types_id_fk" FOREIGN KEY ("transport_type_id") REFERENCES "public"."transport_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_catalog_number_id_product_catalog_numbers_id_fk" FOREIGN KEY ("catalog_number_id") REFERENCES "public"."product_catalog_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transport_type_id_transport_types_id_fk" FOREIGN KEY ("transport_type_id") REFERENCES "public"."transport_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_enrolment_id_training_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."training_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_point_id_training_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."training_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_answers" ADD CONSTRAINT "training_answers_question_id_training_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."training_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_point_id_training_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."training_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD CONSTRAINT "training_enrolments_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_enrolments" ADD CONSTRAINT "training_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_points" ADD CONSTRAINT "training_points_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_points" ADD CONSTRAINT "training_points_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_enrolment_id_training_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."training_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_point_id_training_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."training_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_questionnaire_responses" ADD CONSTRAINT "training_questionnaire_responses_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_questions" ADD CONSTRAINT "training_questions_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree (upper("number"));--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "invoices_file_idx" ON "invoices" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calculator_purchases_reference_key" ON "calculator_purchases" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "calculator_purchases_p24_session_key" ON "calculator_purchases" USING btree ("p24_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calculator_purchases_p24_order_key" ON "calculator_purchases" USING btree ("p24_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calculator_purchases_access_token_key" ON "calculator_purchases" USING btree ("access_token");--> statement-breakpoint
CREATE INDEX "calculator_purchases_email_idx" ON "calculator_purchases" USING btree ("email");--> statement-breakpoint
CREATE INDEX "calculator_purchases_status_idx" ON "calculator_purchases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "newsletter_consents_subscriber_idx" ON "newsletter_consents" USING btree ("subscriber_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_token_key" ON "newsletter_subscribers" USING btree ("confirm_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_token_key" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_access_token_key" ON "newsletter_subscribers" USING btree ("access_token");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "price_list_items_number_idx" ON "price_list_items" USING btree ("catalog_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_code_idx" ON "price_lists" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_one_base" ON "price_lists" USING btree ("is_base") WHERE "price_lists"."is_base";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_positions_line_unique" ON "cart_positions" USING btree ("cart_id","catalog_number_id","additional_informations");--> statement-breakpoint
CREATE INDEX "cart_positions_number_idx" ON "cart_positions" USING btree ("catalog_number_id");--> statement-breakpoint
CREATE INDEX "order_idempotency_keys_order_idx" ON "order_idempotency_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_positions_order_idx" ON "order_positions" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_positions_number_idx" ON "order_positions" USING btree ("catalog_number_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transport_types_position_idx" ON "transport_types" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_enrolment_idx" ON "quiz_attempts" USING btree ("enrolment_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number_unique" ON "quiz_attempts" USING btree ("enrolment_id","number") WHERE "quiz_attempts"."voided" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open" ON "quiz_attempts" USING btree ("enrolment_id") WHERE "quiz_attempts"."status" = 'open' and "quiz_attempts"."voided" = false;--> statement-breakpoint
CREATE INDEX "training_answers_question_idx" ON "training_answers" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "training_comments_point_idx" ON "training_comments" USING btree ("point_id","created_at");--> statement-breakpoint
CREATE INDEX "training_comments_user_idx" ON "training_comments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrolments_one_per_user" ON "training_enrolments" USING btree ("training_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrolments_certificate_unique" ON "training_enrolments" USING btree ("certificate_number");--> statement-breakpoint
CREATE INDEX "training_enrolments_user_idx" ON "training_enrolments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_modules_training_idx" ON "training_modules" USING btree ("training_id","position");--> statement-breakpoint
CREATE INDEX "training_points_module_idx" ON "training_points" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "training_points_training_idx" ON "training_points" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "training_questionnaire_training_idx" ON "training_questionnaire_responses" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "training_questions_training_idx" ON "training_questions" USING btree ("training_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_slug_unique" ON "trainings" USING btree ("slug");