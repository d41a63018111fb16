import type { CardListResponse, CardsQuery } from '@grandline/core/contracts/cards';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { cardKeys } from './card-keys';

export const cardsQueryOptions = (query: Partial<CardsQuery>) =>
  queryOptions({
    queryKey: cardKeys.list(query),
    queryFn: ({ signal }) => apiGet<CardListResponse>('/cards', query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCards = (query: Partial<CardsQuery>) => useQuery(cardsQueryOptions(query));
