import type { CollectionValue, CollectionValueQuery } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { binderKeys } from './binders-api';

/** GET /api/binders/{id}/value: the binder's market value in one market, price type and currency. */
export const binderValueQuery = (id: string, query: CollectionValueQuery) =>
  queryOptions({
    queryKey: binderKeys.value(id, query),
    queryFn: ({ signal }) => apiGet<CollectionValue>(`/binders/${encodeURIComponent(id)}/value`, { ...query }, { signal }),
    staleTime: 60_000,
  });

/** Another market, price type or currency keeps the previous figures (dimmed) until the new ones arrive. */
export const useBinderValue = (id: string, query: CollectionValueQuery) => useQuery({ ...binderValueQuery(id, query), placeholderData: keepPreviousData });
