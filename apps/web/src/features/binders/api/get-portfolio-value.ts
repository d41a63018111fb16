import type { BinderValuesResponse, CollectionValueQuery, PortfolioValueResponse, WishlistCostResponse } from '@grandline/core/contracts/prices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { binderKeys } from './binders-api';

/** GET /api/collection/portfolio/value: the Personal binders' value (Trade binders do not count), in total and per binder. */
const portfolioValueQuery = (query: CollectionValueQuery) =>
  queryOptions({
    queryKey: binderKeys.portfolioValue(query),
    queryFn: ({ signal }) => apiGet<PortfolioValueResponse>('/collection/portfolio/value', { ...query }, { signal }),
    staleTime: 60_000,
  });

export const usePortfolioValue = (query: CollectionValueQuery) => useQuery({ ...portfolioValueQuery(query), placeholderData: keepPreviousData });

/** GET /api/collection/values: each Personal and Trade binder's value, shown beside it on /collection. */
export const useBinderValues = (query: CollectionValueQuery, enabled = true) =>
  useQuery({
    queryKey: binderKeys.binderValues(query),
    queryFn: ({ signal }) => apiGet<BinderValuesResponse>('/collection/values', { ...query }, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/wishlist/cost: what the wished copies not owned yet cost (the wishlist's figure). */
export const useWishlistCost = (query: CollectionValueQuery, enabled = true) =>
  useQuery({
    queryKey: binderKeys.wishlistCost(query),
    queryFn: ({ signal }) => apiGet<WishlistCostResponse>('/wishlist/cost', { ...query }, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
