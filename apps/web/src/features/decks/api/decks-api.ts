import type {
  CreateDeckRequest,
  DeckCardInput,
  DeckDetail,
  DeckListResponse,
  UpdateDeckRequest,
  ValidateDeckListResponse,
} from '@grandline/core/contracts/decks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SCOPE } from '@/lib/session';
import { apiGet, apiSend } from '@/lib/api-client';

/** Spec §9: decks are fresh for 5 minutes and dropped from memory after 10. */
const DECK_TIMES = { staleTime: 5 * 60_000, gcTime: 10 * 60_000 };

export const deckKeys = {
  mine: () => [USER_SCOPE, 'decks'] as const,
  detail: (id: string) => ['decks', id] as const,
};

export const myDecksQuery = () =>
  queryOptions({
    queryKey: deckKeys.mine(),
    queryFn: ({ signal }) => apiGet<DeckListResponse>('/decks', undefined, { signal }).then((r) => r.items),
    ...DECK_TIMES,
  });

export const deckQuery = (id: string) =>
  queryOptions({
    queryKey: deckKeys.detail(id),
    queryFn: ({ signal }) => apiGet<DeckDetail>(`/decks/${encodeURIComponent(id)}`, undefined, { signal }),
    ...DECK_TIMES,
  });

/** The prints whose prices a deck shows: its leader (counted once) and each row's. */
export const deckPrintIds = (leader: { id: number } | null | undefined, rows: readonly { card: { id: number } }[]): number[] => [
  ...(leader ? [leader.id] : []),
  ...rows.map((r) => r.card.id),
];

export const useMyDecks = () => useQuery(myDecksQuery());
export const useDeck = (id: string) => useQuery(deckQuery(id));

export const decksApi = {
  create: (body: CreateDeckRequest) => apiSend<DeckDetail>('POST', '/decks', body),
  update: (id: string, body: UpdateDeckRequest) => apiSend<DeckDetail>('PATCH', `/decks/${encodeURIComponent(id)}`, body),
  replaceCards: (id: string, cards: DeckCardInput[]) => apiSend<DeckDetail>('PUT', `/decks/${encodeURIComponent(id)}/cards`, { cards }),
  remove: (id: string) => apiSend<void>('DELETE', `/decks/${encodeURIComponent(id)}`),
  copy: (id: string) => apiSend<DeckDetail>('POST', `/decks/${encodeURIComponent(id)}/copy`),
  validateList: (list: string, format: string) =>
    apiSend<ValidateDeckListResponse>('POST', '/decks/validate', { game: 'onepiece', format, list, withCards: true }),
};
