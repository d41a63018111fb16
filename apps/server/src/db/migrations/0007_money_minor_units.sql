-- Purchase prices move from numeric(12,2) to integer minor units of their currency (ISO 4217 exponent: 0 for JPY and
-- CLP, 2 for our other currencies; a price without a currency keeps hundredths). Every value is carried over before
-- the old column goes: 12.50 BRL → 1250, 15000.00 CLP → 15000, 1500.00 JPY → 1500 (numeric arithmetic, no floats).
ALTER TABLE "binder_cards" ADD COLUMN "purchase_price_minor" bigint;--> statement-breakpoint
UPDATE "binder_cards"
SET "purchase_price_minor" = round("purchase_price" * CASE "purchase_currency" WHEN 'JPY' THEN 1 WHEN 'CLP' THEN 1 ELSE 100 END)::bigint
WHERE "purchase_price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "binder_cards" DROP COLUMN "purchase_price";
