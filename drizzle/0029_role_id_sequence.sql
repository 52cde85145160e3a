-- Ids of roles made in the editor come from a sequence, so a deleted role's id is never handed out again
-- (it was max(id) + 1). Roles made before go on after the highest id there is.
CREATE SEQUENCE "public"."roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5 CACHE 1;--> statement-breakpoint
SELECT setval('"public"."roles_id_seq"', greatest((SELECT max("id") FROM "roles"), 4));
