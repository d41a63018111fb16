import type { Card } from '@grandline/core/contracts/cards';
import { useDeferredValue, type ReactNode } from 'react';
import { CardTile } from '@/components/card/card-tile';
import { Skeleton } from '@/components/ui/misc';

const GRID_CLASS = 'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5';

/** Placeholder tiles with the exact size of real ones, so nothing moves when the cards arrive. */
export function CardGridSkeleton({ count, label }: { count: number; label?: string }) {
  return (
    <ul className={GRID_CLASS} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex flex-col gap-2 p-1.5">
          <Skeleton className="aspect-[600/838] w-full rounded-[4.5%]" />
          <div className="flex flex-col gap-1 px-0.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The result grid renders in the background (deferred), so a page of cards never blocks input. */
export function CardGrid({ cards, action }: { cards: Card[]; action?: (card: Card) => ReactNode }) {
  const deferred = useDeferredValue(cards, null);
  if (!deferred) return <CardGridSkeleton count={cards.length} />;
  return (
    <ul className={GRID_CLASS} data-testid="card-grid">
      {deferred.map((card, i) => (
        <CardTile key={card.id} card={card} eager={i < 4} action={action?.(card)} />
      ))}
    </ul>
  );
}
