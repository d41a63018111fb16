import type { SetDetailResponse } from '@grandline/core/contracts/sets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceParams } from '@/lib/price-params';
import { apiGet } from '@/lib/api-client';
import { setKeys } from '@/cards/api/set-keys';

/** The set with its value and each print's price in the user's marketplace, price type and currency. */
export const setQueryOptions = (slug: string, prices: PriceParams) =>
  queryOptions({
    queryKey: [...setKeys.detail(slug), prices.market, prices.priceType, prices.currency],
    queryFn: ({ signal }) => apiGet<SetDetailResponse>(`/sets/${encodeURIComponent(slug)}`, { ...prices }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useSet = (slug: string, prices: PriceParams) => useQuery(setQueryOptions(slug, prices));
