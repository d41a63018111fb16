import type { CardFacetsResponse } from '@grandline/core/contracts/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { cardKeys } from '@/cards/api/card-keys';

const cardFacetsQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.facets(),
    queryFn: ({ signal }) => apiGet<CardFacetsResponse>('/cards/facets', undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const useCardFacets = () => useQuery(cardFacetsQueryOptions());
