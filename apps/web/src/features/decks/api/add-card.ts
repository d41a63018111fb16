import type { Card } from '@grandline/core/contracts/cards';
import type { DeckDetail } from '@grandline/core/contracts/decks';
import { queryClient } from '@/lib/query-client';
import { deckKeys, deckQuery, decksApi } from './decks-api';

/** The most copies of one card a deck row holds (the API's limit). */
const MAX_COPIES = 50;

/**
 * Quick-add and the scanner: copies of cards to a saved deck, written in one request per kind (a Leader becomes the
 * deck's leader — the last one given wins; the others are added to the main deck's rows).
 */
export async function addCardsToDeck(deckId: string, items: readonly { card: Card; quantity: number }[]): Promise<DeckDetail> {
  const deck = await queryClient.fetchQuery({ ...deckQuery(deckId), staleTime: 0 });
  const leader = items.findLast((i) => i.card.cardType === 'Leader')?.card;
  const others = items.filter((i) => i.card.cardType !== 'Leader');
  let result = deck;
  if (leader) result = await decksApi.update(deckId, { leaderCardId: leader.id });
  if (others.length) {
    const rows = deck.cards.map((r) => ({ cardId: r.card.id, quantity: r.quantity }));
    for (const { card, quantity } of others) {
      const existing = rows.find((r) => r.cardId === card.id);
      if (existing) existing.quantity = Math.min(MAX_COPIES, existing.quantity + quantity);
      else rows.push({ cardId: card.id, quantity: Math.min(MAX_COPIES, quantity) });
    }
    result = await decksApi.replaceCards(deckId, rows);
  }
  queryClient.setQueryData(deckKeys.detail(deckId), result);
  void queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
  return result;
}

/** Quick-add: one copy of a card to a saved deck (a Leader becomes its leader). */
export const addCardToDeck = (deckId: string, card: Card): Promise<DeckDetail> => addCardsToDeck(deckId, [{ card, quantity: 1 }]);
