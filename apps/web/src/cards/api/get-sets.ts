import type { SetListResponse } from '@grandline/core/contracts/sets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { setKeys } from './set-keys';

export const setsQueryOptions = () =>
  queryOptions({
    queryKey: setKeys.list(),
    queryFn: ({ signal }) => apiGet<SetListResponse>('/sets', undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export const useSets = () => useQuery(setsQueryOptions());
