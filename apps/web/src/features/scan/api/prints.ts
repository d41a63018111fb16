import type { Card, CardListResponse } from '@grandline/core/contracts/cards';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The most prints one number has in the catalogue is about a dozen (parallels, alternate arts, reprints). */
const PAGE = 48;

/** Every print of a card number (base print first), from the library search. */
export const printsQuery = (cardNumber: string) =>
  queryOptions({
    queryKey: ['scan', 'prints', cardNumber],
    queryFn: async ({ signal }): Promise<Card[]> => {
      const res = await apiGet<CardListResponse>('/cards', { q: cardNumber, prints: 'all', pageSize: PAGE, sort: 'number' }, { signal });
      return res.items.filter((c) => c.cardNumber === cardNumber);
    },
    staleTime: 60 * 60_000,
  });
