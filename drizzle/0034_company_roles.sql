ALTER TABLE "customer_users" ADD COLUMN "company_role" text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "approval_limit" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval_limit" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "approval_limit_max" integer;--> statement-breakpoint
-- Issue 40: the links made before are buyers (the column's default); the demo shop's buyer owns its company.
UPDATE "customer_users" SET "company_role" = 'owner' WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" = 'sklep@example.com');--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_company_role_check" CHECK ("company_role" IN ('owner', 'buyer', 'requester', 'approver'));--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_approval_limit_check" CHECK ("approval_limit" IS NULL OR "approval_limit" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_approval_limits_check" CHECK (("approval_limit" IS NULL OR "approval_limit" >= 0) AND ("approval_limit_max" IS NULL OR "approval_limit_max" >= 0));
