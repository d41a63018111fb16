import type { ValueHistoryQuery, ValueHistoryResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { binderKeys } from './binders-api';

/** GET /api/collection/portfolio/value/history: the Personal binders' value on each of the last 30, 90 or 365 days. */
const portfolioValueHistoryQuery = (query: ValueHistoryQuery) =>
  queryOptions({
    queryKey: binderKeys.portfolioValueHistory(query),
    queryFn: ({ signal }) => apiGet<ValueHistoryResponse>('/collection/portfolio/value/history', { ...query }, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePortfolioValueHistory = (query: ValueHistoryQuery) => useQuery({ ...portfolioValueHistoryQuery(query), placeholderData: keepPreviousData });
