import type { DeckDetail } from '@grandline/core/contracts/decks';
import { queryClient } from '@/lib/query-client';
import type { SavePlan } from '@/features/decks/deck-editor-state';
import { deckKeys, decksApi } from './decks-api';

/** Sends a save plan; the saved deck goes into the cache and the user's deck lists are fetched again. */
export async function saveDeck(plan: SavePlan): Promise<DeckDetail> {
  let result: DeckDetail;
  if (plan.kind === 'create') {
    result = await decksApi.create(plan.request);
  } else {
    result = plan.cards ? await decksApi.replaceCards(plan.id, plan.cards) : (queryClient.getQueryData<DeckDetail>(deckKeys.detail(plan.id)) as DeckDetail);
    if (plan.fields) result = await decksApi.update(plan.id, plan.fields);
  }
  queryClient.setQueryData(deckKeys.detail(result.id), result);
  void queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
  return result;
}

/** Copies a deck into the user's decks (private, "Copy of …"); the copy goes into the cache, the lists are fetched again. */
export async function copyDeck(id: string): Promise<DeckDetail> {
  const copy = await decksApi.copy(id);
  queryClient.setQueryData(deckKeys.detail(copy.id), copy);
  void queryClient.invalidateQueries({ queryKey: deckKeys.mine() });
  return copy;
}
