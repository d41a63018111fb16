import type { Card } from '@grandline/core/contracts/cards';
import { useQueries } from '@tanstack/react-query';
import { cardQueryOptions } from '@/cards/api/get-card';

/**
 * The cards behind the ids a value lists (most valuable, top movers), which carry ids only: each asked for once and
 * kept (a print does not change), shared with the card pages' cache. Undefined while one loads or if it failed.
 */
export function useCardsById(ids: readonly number[]): Map<number, Card | undefined> {
  const unique = [...new Set(ids)];
  return useQueries({
    queries: unique.map((id) => ({ ...cardQueryOptions(id), staleTime: Infinity })),
    combine: (results) => new Map(unique.map((id, i) => [id, results[i]?.data])),
  });
}
