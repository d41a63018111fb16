import type { MetaLeaderDetail } from '@grandline/core/contracts/tournaments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';

/**
 * How many tournament decks played a leader in the meta's default window (the last 30 days), in the deck's format:
 * the deck page's "Played by N decks". The decks feature asks the API itself (the meta feature sits above it).
 */
export const leaderPlaysQuery = (cardNumber: string, format: string) =>
  queryOptions({
    queryKey: ['deck-leader-plays', cardNumber, format] as const,
    // A leader the meta knows nothing of (or a number it refuses) is "no decks", not a failure: the page is drawn all the same.
    queryFn: ({ signal }) =>
      apiGet<MetaLeaderDetail>(`/meta/leaders/${encodeURIComponent(cardNumber)}`, { format }, { signal }).catch((err: unknown) => {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }),
    staleTime: 5 * 60_000,
    gcTime: 15 * 60_000,
    retry: false,
  });

export const useLeaderPlays = (cardNumber: string | undefined, format: string) => useQuery({ ...leaderPlaysQuery(cardNumber ?? '', format), enabled: Boolean(cardNumber) });
