import type { Card } from '@grandline/core/contracts/cards';
import { binderChanged, binderKeys, bindersApi } from '@/features/binders/api/binders-api';
import { addCardToDeck } from '@/features/decks/api/add-card';
import { queryClient } from '@/lib/query-client';
import type { QuickAddTarget } from './quick-add-state';

export type QuickAddOutcome = { kind: 'leader' } | { kind: 'added' };

/**
 * Adds are made one after another: a deck's cards are read and written back whole, so two quick clicks
 * running side by side would each write the deck without the other's copy.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/** One copy of a card to the target: a deck (a Leader becomes its leader), a binder, or the wishlist. */
export function addToTarget(target: QuickAddTarget, card: Card): Promise<QuickAddOutcome> {
  return inTurn(async () => {
    switch (target.kind) {
      case 'deck':
        await addCardToDeck(target.id, card);
        return { kind: card.cardType === 'Leader' ? 'leader' : 'added' };
      case 'binder':
        await bindersApi.addCards(target.id, [{ cardId: card.id, quantity: 1 }]);
        binderChanged(target.id);
        return { kind: 'added' };
      case 'wishlist': {
        const next = await bindersApi.addToWishlist([{ cardId: card.id, quantity: 1 }]);
        queryClient.setQueryData(binderKeys.wishlist(), next);
        binderChanged(next.binderId);
        return { kind: 'added' };
      }
    }
  });
}
