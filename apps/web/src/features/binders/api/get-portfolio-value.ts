import type { CollectionValueQuery, PortfolioValueResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { binderKeys } from './binders-api';

/** GET /api/collection/portfolio/value: the Personal binders' value (Trade binders do not count), in total and per binder. */
export const portfolioValueQuery = (query: CollectionValueQuery) =>
  queryOptions({
    queryKey: binderKeys.portfolioValue(query),
    queryFn: ({ signal }) => apiGet<PortfolioValueResponse>('/collection/portfolio/value', { ...query }, { signal }),
    staleTime: 60_000,
  });

export const usePortfolioValue = (query: CollectionValueQuery) => useQuery({ ...portfolioValueQuery(query), placeholderData: keepPreviousData });
