import type { PriceSummary } from '@grandline/core/contracts/prices';
import type { PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { centsText, rowTotalOf, unitOf } from '@/features/binders/utils/value-format';

/** The rows' current prices (GET /api/prices/latest for the page's prints) and how to read them. */
export interface RowPrices {
  byId: Record<string, PriceSummary> | undefined;
  loading: boolean;
  /** The prices could not be loaded: "—" says so rather than "no price". */
  failed?: boolean;
  currency: CurrencyCode;
  priceType: PriceType;
}

/**
 * A row's value: copies × the unit price of the chosen type, with the unit price beside it; "—" without a price, a
 * clock when the price is older than 3 days.
 */
export function RowPrice({ prices, cardId, quantity, layout }: { prices: RowPrices; cardId: number; quantity: number; layout: 'cell' | 'inline' }) {
  const { t } = useTranslation('binders');
  if (prices.loading) return <Skeleton className={cn('h-4', layout === 'cell' ? 'w-20' : 'w-16')} />;
  const price = prices.byId?.[String(cardId)];
  const unit = unitOf(price, prices.priceType);
  const total = rowTotalOf(unit, quantity);
  const stale = price?.stale && unit !== null;
  const staleMark = stale && (
    <span className="inline-flex shrink-0 text-muted" title={t('value.staleRow')} data-testid="row-price-stale">
      <Clock className="h-3 w-3" aria-hidden />
      <span className="sr-only">{t('value.staleRow')}</span>
    </span>
  );
  if (unit === null) {
    const why = prices.failed ? t('value.rowPricesFailed') : t('value.noPrice');
    return (
      <span className="text-sm text-muted" title={why} data-testid="row-price">
        —<span className="sr-only">{why}</span>
      </span>
    );
  }
  if (layout === 'inline') {
    return (
      // A tile is ~150 px wide: the unit price goes under the total as a whole ("R$ 6,62 cada"), never split in two.
      <span className="inline-flex flex-wrap items-center gap-x-1 text-xs tabular-nums" data-testid="row-price">
        <span className="whitespace-nowrap font-semibold text-fg">{centsText(total, prices.currency)}</span>
        {quantity > 1 && <span className="whitespace-nowrap text-muted">{t('value.each', { unit: centsText(unit, prices.currency) })}</span>}
        {staleMark}
      </span>
    );
  }
  return (
    <span className="flex flex-col tabular-nums" data-testid="row-price">
      <span className="inline-flex items-center gap-1 font-medium">
        {centsText(total, prices.currency)}
        {staleMark}
      </span>
      {quantity > 1 && <span className="whitespace-nowrap text-xs text-muted">{t('value.each', { unit: centsText(unit, prices.currency) })}</span>}
    </span>
  );
}
