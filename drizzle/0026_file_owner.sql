ALTER TABLE "files" ADD COLUMN "owner" text;--> statement-breakpoint
-- Files already used by a feature's own fields belong to it (links inside rich text stay allowed where they are).
UPDATE "files" SET "owner" = 'trainings' WHERE "id" IN (SELECT "file_id" FROM "training_point_files" UNION SELECT "image_file_id" FROM "trainings" WHERE "image_file_id" IS NOT NULL);--> statement-breakpoint
UPDATE "files" SET "owner" = 'content' WHERE "owner" IS NULL AND "id" IN (SELECT "image_file_id" FROM "posts" WHERE "image_file_id" IS NOT NULL UNION SELECT "resource_file_id" FROM "static_sites" WHERE "resource_file_id" IS NOT NULL UNION SELECT "poster_file_id" FROM "videos" WHERE "poster_file_id" IS NOT NULL UNION SELECT "image_file_id" FROM "realizations" WHERE "image_file_id" IS NOT NULL);
