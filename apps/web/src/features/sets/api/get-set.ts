import type { SetDetailResponse } from '@grandline/core/contracts/sets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { setKeys } from './set-keys';

export const setQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: setKeys.detail(slug),
    queryFn: ({ signal }) => apiGet<SetDetailResponse>(`/sets/${encodeURIComponent(slug)}`, undefined, { signal }),
  });

export const useSet = (slug: string) => useQuery(setQueryOptions(slug));
