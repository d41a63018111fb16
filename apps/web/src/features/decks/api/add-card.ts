import type { Card } from '@grandline/core/contracts/cards';
import type { DeckDetail } from '@grandline/core/contracts/decks';
import { queryClient } from '@/lib/query-client';
import { deckKeys, deckQuery, decksApi } from './decks-api';

/** Quick-add: one copy of a card to a saved deck (a Leader becomes its leader). */
export async function addCardToDeck(deckId: string, card: Card): Promise<DeckDetail> {
  const deck = await queryClient.fetchQuery({ ...deckQuery(deckId), staleTime: 0 });
  let result: DeckDetail;
  if (card.cardType === 'Leader') {
    result = await decksApi.update(deckId, { leaderCardId: card.id });
  } else {
    const rows = deck.cards.map((r) => ({ cardId: r.card.id, quantity: r.quantity }));
    const existing = rows.find((r) => r.cardId === card.id);
    if (existing) existing.quantity = Math.min(50, existing.quantity + 1);
    else rows.push({ cardId: card.id, quantity: 1 });
    result = await decksApi.replaceCards(deckId, rows);
  }
  queryClient.setQueryData(deckKeys.detail(deckId), result);
  void queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
  return result;
}
