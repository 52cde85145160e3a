-- Sessions are kept under the SHA-256 (hex) of the cookie's id: the sessions of before go on working.
ALTER TABLE "sessions" RENAME COLUMN "id" TO "id_hash";--> statement-breakpoint
UPDATE "sessions" SET "id_hash" = encode(sha256(convert_to("id_hash", 'UTF8')), 'hex');
