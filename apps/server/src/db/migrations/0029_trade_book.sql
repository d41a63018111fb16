CREATE TABLE "trade_rev_pending" (
	"user_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_settings" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The trade book's revisions (issue 44): a statement that writes Trade or wishlist rows of users who have trading
-- settings notes those users in trade_rev_pending; at commit a deferred trigger raises their trading_settings.rev. The
-- raise waits for commit so that the settings row is locked last, after every binder row the transaction holds: two
-- transactions writing one user's rows never wait for each other's revision while holding a row the other needs.
CREATE FUNCTION "trade_rows_noted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "trade_rev_pending" ("user_id")
      SELECT DISTINCT b."user_id" FROM "new_rows" r JOIN "binders" b ON b."id" = r."binder_id"
      WHERE b."category" IN ('trade', 'wishlist') AND EXISTS (SELECT 1 FROM "trading_settings" ts WHERE ts."user_id" = b."user_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "trade_rev_pending" ("user_id")
      SELECT DISTINCT b."user_id" FROM "old_rows" r JOIN "binders" b ON b."id" = r."binder_id"
      WHERE b."category" IN ('trade', 'wishlist') AND EXISTS (SELECT 1 FROM "trading_settings" ts WHERE ts."user_id" = b."user_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "binder_cards_trade_insert" AFTER INSERT ON "binder_cards" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trade_rows_noted"();
--> statement-breakpoint
CREATE TRIGGER "binder_cards_trade_update" AFTER UPDATE ON "binder_cards" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trade_rows_noted"();
--> statement-breakpoint
CREATE TRIGGER "binder_cards_trade_delete" AFTER DELETE ON "binder_cards" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trade_rows_noted"();
--> statement-breakpoint
-- A binder deleted (its rows go with it, when the binder is already gone) or given another category or owner.
CREATE FUNCTION "trade_binders_noted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "trade_rev_pending" ("user_id")
      SELECT DISTINCT u."user_id" FROM (
        SELECT o."user_id", o."category" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."category" IS DISTINCT FROM n."category" OR o."user_id" IS DISTINCT FROM n."user_id"
        UNION ALL
        SELECT n."user_id", n."category" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."category" IS DISTINCT FROM n."category" OR o."user_id" IS DISTINCT FROM n."user_id"
      ) u
      WHERE u."category" IN ('trade', 'wishlist') AND EXISTS (SELECT 1 FROM "trading_settings" ts WHERE ts."user_id" = u."user_id");
  ELSE
    INSERT INTO "trade_rev_pending" ("user_id")
      SELECT DISTINCT o."user_id" FROM "old_rows" o
      WHERE o."category" IN ('trade', 'wishlist') AND EXISTS (SELECT 1 FROM "trading_settings" ts WHERE ts."user_id" = o."user_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "binders_trade_update" AFTER UPDATE ON "binders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trade_binders_noted"();
--> statement-breakpoint
CREATE TRIGGER "binders_trade_delete" AFTER DELETE ON "binders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "trade_binders_noted"();
--> statement-breakpoint
CREATE FUNCTION "trade_rev_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trading_settings" SET "rev" = "rev" + 1 WHERE "user_id" = NEW."user_id";
  -- This transaction's notes of the user (others' are not visible yet); their own deferred events raise it again.
  DELETE FROM "trade_rev_pending" WHERE "user_id" = NEW."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_rev_pending_raise" AFTER INSERT ON "trade_rev_pending" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "trade_rev_raise"();
