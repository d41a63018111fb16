import type { CardListResponse } from '@grandline/core/contracts/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Leaders from the library to show on the landing page. */
export const showcaseQueryOptions = () =>
  queryOptions({
    queryKey: ['cards', 'showcase'],
    queryFn: ({ signal }) =>
      apiGet<CardListResponse>('/cards', { type: 'Leader', variations: false, sort: 'number', order: 'desc', pageSize: 6 }, { signal }),
    staleTime: 60 * 60_000,
  });

export const useShowcase = () => useQuery(showcaseQueryOptions());
