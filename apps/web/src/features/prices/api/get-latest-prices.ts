import type { LatestPricesResponse } from '@grandline/core/contracts/prices';
import { MAX_PRICE_IDS } from '@grandline/core/prices/limits';
import type { MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The prints asked for, once each and in ascending order (the same page in another order is the same query). */
export const latestPriceIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_PRICE_IDS);

/** Prefix of every latest-prices query: invalidating it refreshes every list of row prices. */
export const latestPricesKey = ['prices', 'latest'] as const;

/**
 * GET /api/prices/latest: the current price of up to 200 prints in one market, converted to `currency`. A print
 * without a price is absent from `prices`.
 */
export const latestPricesQueryOptions = (ids: readonly number[], market: MarketplaceId, currency: CurrencyCode) => {
  const sorted = latestPriceIds(ids);
  return queryOptions({
    queryKey: [...latestPricesKey, market, currency, sorted] as const,
    queryFn: ({ signal }) => apiGet<LatestPricesResponse>('/prices/latest', { ids: sorted.map(String), market, currency }, { signal }),
    enabled: sorted.length > 0,
    staleTime: 5 * 60_000,
  });
};

/**
 * No placeholder from another page, market or currency: a row never shows a figure of another market or currency
 * while its own loads.
 */
export const useLatestPrices = (ids: readonly number[], market: MarketplaceId, currency: CurrencyCode) => useQuery(latestPricesQueryOptions(ids, market, currency));
