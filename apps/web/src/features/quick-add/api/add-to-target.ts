import type { Card } from '@grandline/core/contracts/cards';
import { binderChanged, binderKeys, bindersApi } from '@/features/binders/api/binders-api';
import { addCardsToDeck } from '@/features/decks/api/add-card';
import { queryClient } from '@/lib/query-client';
import type { QuickAddTarget } from '@/features/quick-add/quick-add-state';

export type QuickAddOutcome = { kind: 'leader' } | { kind: 'added' };

/** Copies of one print to add: the scanner's session sends several at once. */
export interface CardCopies {
  card: Card;
  quantity: number;
}

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

/**
 * Copies of cards to the target in one write: a deck (a Leader becomes its leader), a binder, or the wishlist
 * (each binder request is one transaction on the server).
 */
export function addManyToTarget(target: QuickAddTarget, items: readonly CardCopies[]): Promise<QuickAddOutcome> {
  const rows = items.map((i) => ({ cardId: i.card.id, quantity: i.quantity }));
  return inTurn(async () => {
    switch (target.kind) {
      case 'deck':
        await addCardsToDeck(target.id, items);
        return { kind: items.length === 1 && items[0]!.card.cardType === 'Leader' ? 'leader' : 'added' };
      case 'binder':
        await bindersApi.addCards(target.id, rows);
        binderChanged(target.id);
        return { kind: 'added' };
      case 'wishlist': {
        const next = await bindersApi.addToWishlist(rows);
        queryClient.setQueryData(binderKeys.wishlist(), next);
        binderChanged(next.binderId);
        return { kind: 'added' };
      }
    }
  });
}

/** One copy of a card to the target. */
export const addToTarget = (target: QuickAddTarget, card: Card): Promise<QuickAddOutcome> => addManyToTarget(target, [{ card, quantity: 1 }]);
