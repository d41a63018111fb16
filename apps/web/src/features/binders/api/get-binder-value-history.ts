import type { ValueHistoryQuery, ValueHistoryResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { binderKeys } from './binders-api';

/** GET /api/binders/{id}/value/history: the binder's value on each of the last 30, 90 or 365 days, oldest first. */
const binderValueHistoryQuery = (id: string, query: ValueHistoryQuery) =>
  queryOptions({
    queryKey: binderKeys.valueHistory(id, query),
    queryFn: ({ signal }) => apiGet<ValueHistoryResponse>(`/binders/${encodeURIComponent(id)}/value/history`, { ...query }, { signal }),
    staleTime: 5 * 60_000,
  });

/** Another range keeps the previous line drawn until the new series arrives. */
export const useBinderValueHistory = (id: string, query: ValueHistoryQuery) => useQuery({ ...binderValueHistoryQuery(id, query), placeholderData: keepPreviousData });
