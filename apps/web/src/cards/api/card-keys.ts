import type { CardsSearch } from '@/cards/search-params';

export const cardKeys = {
  all: ['cards'] as const,
  lists: () => [...cardKeys.all, 'list'] as const,
  list: (query: CardsSearch) => [...cardKeys.lists(), query] as const,
  details: () => [...cardKeys.all, 'detail'] as const,
  detail: (id: number) => [...cardKeys.details(), id] as const,
  facets: () => [...cardKeys.all, 'facets'] as const,
};
