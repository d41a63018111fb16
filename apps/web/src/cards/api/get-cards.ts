import type { CardListResponse } from '@grandline/core/contracts/cards';
import type { CardsSearch } from '@/cards/search-params';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { cardKeys } from './card-keys';

export const cardsQueryOptions = (query: CardsSearch) =>
  queryOptions({
    queryKey: cardKeys.list(query),
    queryFn: ({ signal }) => apiGet<CardListResponse>('/cards', query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCards = (query: CardsSearch) => useQuery(cardsQueryOptions(query));
