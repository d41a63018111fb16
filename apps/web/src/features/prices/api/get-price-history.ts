import type { HistoryRange, PriceHistoryResponse } from '@grandline/core/contracts/prices';
import type { MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceKeys } from './price-keys';

export interface PriceHistoryParams {
  market: MarketplaceId;
  days: HistoryRange;
  currency: CurrencyCode;
}

/** GET /api/cards/{id}/prices/history: one point per day, oldest first, in `currency`. */
const priceHistoryQueryOptions = (cardId: number, { market, days, currency }: PriceHistoryParams) =>
  queryOptions({
    queryKey: priceKeys.history(cardId, market, days, currency),
    queryFn: ({ signal }) => apiGet<PriceHistoryResponse>(`/cards/${cardId}/prices/history`, { market, days, currency }, { signal }),
  });

/** Another market, range or currency keeps the previous line drawn until the new series arrives. */
export const usePriceHistory = (cardId: number, params: PriceHistoryParams) =>
  useQuery({ ...priceHistoryQueryOptions(cardId, params), placeholderData: keepPreviousData });
