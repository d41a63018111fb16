import type { CardDetailResponse } from '@grandline/core/contracts/cards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { cardKeys } from './card-keys';

export const cardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cardKeys.detail(id),
    queryFn: ({ signal }) => apiGet<CardDetailResponse>(`/cards/${id}`, undefined, { signal }),
  });

export const useCard = (id: number | null) => useQuery({ ...cardQueryOptions(id ?? 0), enabled: id !== null });
