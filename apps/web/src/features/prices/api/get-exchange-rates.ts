import type { ExchangeRatesResponse } from '@grandline/core/contracts/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceKeys } from './price-keys';

const EIGHT_HOURS = 8 * 60 * 60_000;

/** GET /api/exchange-rates. Spec: "Exchange rates refetch every 8 hours, with 2 retries". */
export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: priceKeys.exchangeRates(),
    queryFn: ({ signal }) => apiGet<ExchangeRatesResponse>('/exchange-rates', undefined, { signal }),
    staleTime: EIGHT_HOURS,
    gcTime: EIGHT_HOURS,
    refetchInterval: EIGHT_HOURS,
    retry: 2,
  });

export const useExchangeRates = () => useQuery(exchangeRatesQueryOptions());
