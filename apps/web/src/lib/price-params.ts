import { STORAGE_KEYS } from '@grandline/core/locales';
import { DEFAULT_MARKETPLACE, DEFAULT_PRICE_TYPE, isMarketplaceId, PRICE_TYPES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '@grandline/core/money/currencies';
import { parseDecimal } from '@grandline/core/money/money';
import { storage } from '@/lib/storage';

/** What the library asks prices in: the user's marketplace, currency and price type (preferences). */
export interface PriceParams {
  market: MarketplaceId;
  currency: CurrencyCode;
  priceType: PriceType;
}

/** The same, read from storage: for the route loader, which runs before React (and its preferences) renders. */
export function storedPriceParams(): PriceParams {
  const market = storage.get(STORAGE_KEYS.marketplace);
  const currency = storage.get(STORAGE_KEYS.currency);
  const priceType = storage.get(STORAGE_KEYS.priceType);
  return {
    market: isMarketplaceId(market) ? market : DEFAULT_MARKETPLACE,
    currency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
    priceType: (PRICE_TYPES as readonly string[]).includes(priceType ?? '') ? (priceType as PriceType) : DEFAULT_PRICE_TYPE,
  };
}

/**
 * A price bound typed by a user ("12,50", "1.234,5", "R$ 20") as the URL's decimal text ("12.5"); empty → undefined
 * (no bound); unreadable or negative → null (the field shows an error and the filter does not change).
 */
export function priceBound(text: string): string | undefined | null {
  const value = parseDecimal(text);
  if (value === null) return undefined;
  if (!Number.isFinite(value) || value < 0 || value > 10_000_000) return null;
  return String(value);
}
