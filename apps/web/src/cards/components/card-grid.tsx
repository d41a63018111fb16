import type { Card } from '@grandline/core/contracts/cards';
import type { PriceSummary } from '@grandline/core/contracts/prices';
import { formatCents } from '@grandline/core/money/money';
import type { PriceParams } from '@/lib/price-params';
import { Clock } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTile } from '@/components/card/card-tile';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/lib/format';

const GRID_CLASS = 'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5';

/** Placeholder tiles with the exact size of real ones, so nothing moves when the cards arrive. */
export function CardGridSkeleton({ count, label, priced }: { count: number; label?: string; priced?: boolean }) {
  return (
    <ul className={GRID_CLASS} aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex flex-col gap-2 p-1.5">
          <Skeleton className="aspect-[600/838] w-full rounded-[4.5%]" />
          <div className="flex flex-col gap-1 px-0.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            {priced && <Skeleton className="h-5 w-1/3" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A card's price as the library shows it: the chosen figure in the chosen currency, "—" without one. */
function priceText(prices: Record<string, PriceSummary> | undefined, cardId: number, params: PriceParams): string {
  const cents = prices?.[String(cardId)]?.[params.priceType] ?? null;
  return cents === null ? '—' : formatCents(cents, params.currency);
}

/** A tile's price with its age: the day in a tooltip, a clock when it is more than 3 days old (stale). */
export function PriceLine({ prices, cardId, params }: { prices: Record<string, PriceSummary> | undefined; cardId: number; params: PriceParams }) {
  const { t } = useTranslation('cards');
  const price = prices?.[String(cardId)];
  const text = priceText(prices, cardId, params);
  if (!price || text === '—') return <span title={t('price.none')}>—</span>;
  return (
    <span className="inline-flex items-center gap-1" title={t(price.stale ? 'price.staleOn' : 'price.on', { date: formatDay(price.date) })}>
      {text}
      {price.stale && (
        <>
          <Clock className="h-3.5 w-3.5 text-muted" aria-hidden />
          <span className="sr-only">{t('price.stale')}</span>
        </>
      )}
    </span>
  );
}

/**
 * The result grid: a tile per card, with its price line when the page carries prices. Memoized: the page
 * re-renders when the session, the filters' facets or the exchange rates arrive, and its 48 tiles need not.
 */
export const CardGrid = memo(function CardGrid({
  cards,
  action,
  prices,
  priceParams,
}: {
  cards: (Card & { printCount?: number })[];
  action?: (card: Card) => ReactNode;
  /** With priceParams: each tile shows its price line (the page's prices, by card id). */
  prices?: Record<string, PriceSummary>;
  priceParams?: PriceParams;
}) {
  return (
    <ul className={GRID_CLASS} data-testid="card-grid">
      {cards.map((card, i) => (
        <CardTile key={card.id} card={card} eager={i < 4} action={action?.(card)} price={priceParams ? <PriceLine prices={prices} cardId={card.id} params={priceParams} /> : undefined} />
      ))}
    </ul>
  );
});
