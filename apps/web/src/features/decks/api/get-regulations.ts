import type { RegulationsResponse } from '@grandline/core/contracts/regulations';
import type { RegulationEntry } from '@grandline/core/decks/regulations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** The banned, restricted and paired cards of a game: public, and the same for everyone. */
export const regulationsQuery = (game = 'onepiece') =>
  queryOptions({
    queryKey: ['deck-regulations', game] as const,
    queryFn: ({ signal }) => apiGet<RegulationsResponse>('/deck-regulations', { game }, { signal }).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

/**
 * The entries decks are judged on in the browser, as the server judges them (an admin may have added some since the
 * release); undefined until read, so the shipped ones apply meanwhile.
 */
export function useRegulationEntries(game = 'onepiece'): readonly RegulationEntry[] | undefined {
  const { data } = useQuery({ ...regulationsQuery(game), select: toEntries });
  return data;
}

const toEntries = (items: RegulationsResponse['items']): RegulationEntry[] =>
  items.map((r) => ({ kind: r.kind, cardNumber: r.cardNumber, pairedWith: r.pairedWith, from: r.from, until: r.until, source: r.source }));
