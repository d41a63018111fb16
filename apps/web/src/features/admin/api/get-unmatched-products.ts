import type { UnmatchedProductsQuery, UnmatchedProductsResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { priceAdminKeys } from './price-admin-keys';

const unmatchedProductsQuery = (query: UnmatchedProductsQuery) =>
  queryOptions({
    queryKey: priceAdminKeys.unmatched(query),
    queryFn: ({ signal }) => apiGet<UnmatchedProductsResponse>('/admin/prices/unmatched', query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** A page of the products of a feed's last run that have no print. */
export const useUnmatchedProducts = (query: UnmatchedProductsQuery) => useQuery(unmatchedProductsQuery(query));
