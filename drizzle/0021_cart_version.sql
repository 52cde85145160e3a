ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a cart row raises its version (the computed-cart cache keys on it).
CREATE OR REPLACE FUNCTION carts_raise_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER carts_raise_version BEFORE UPDATE ON "carts" FOR EACH ROW EXECUTE FUNCTION carts_raise_version();
--> statement-breakpoint
-- A change of positions touches their carts once per statement (which raises the version above).
CREATE OR REPLACE FUNCTION cart_positions_touch_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "carts" SET "updated_at" = now() WHERE "id" IN (SELECT DISTINCT "cart_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "carts" SET "updated_at" = now() WHERE "id" IN (SELECT DISTINCT "cart_id" FROM old_rows);
  ELSE
    UPDATE "carts" SET "updated_at" = now()
      WHERE "id" IN (SELECT "cart_id" FROM new_rows UNION SELECT "cart_id" FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cart_positions_touch_cart_ins AFTER INSERT ON "cart_positions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cart_positions_touch_cart();
--> statement-breakpoint
CREATE TRIGGER cart_positions_touch_cart_upd AFTER UPDATE ON "cart_positions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cart_positions_touch_cart();
--> statement-breakpoint
CREATE TRIGGER cart_positions_touch_cart_del AFTER DELETE ON "cart_positions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cart_positions_touch_cart();
