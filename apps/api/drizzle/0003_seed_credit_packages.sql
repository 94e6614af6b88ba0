-- The three credit packs on sale (prices in euro cents, excluding VAT). The middle one is the
-- recommended pack. Later changes to the offer are new migrations: purchases keep their own
-- copy of credits and amount, so editing a pack never rewrites history.
INSERT INTO "credit_packages" ("credits", "price_cents", "recommended", "sort_order") VALUES
  (100, 90000, false, 1),
  (300, 240000, true, 2),
  (1000, 700000, false, 3);
