import type { CardPricesResponse } from '@grandline/core/contracts/prices';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** GET /api/cards/{id}/prices: every market's current price of a print, converted to `currency`. */
export const cardPricesQueryOptions = (cardId: number, currency: CurrencyCode) =>
  queryOptions({
    queryKey: priceKeys.card(cardId, currency),
    queryFn: ({ signal }) => apiGet<CardPricesResponse>(`/cards/${cardId}/prices`, { currency }, { signal }),
  });

/** A currency change keeps the previous figures on screen (marked as placeholder) until the new ones arrive. */
export const useCardPrices = (cardId: number, currency: CurrencyCode) => useQuery({ ...cardPricesQueryOptions(cardId, currency), placeholderData: keepPreviousData });
