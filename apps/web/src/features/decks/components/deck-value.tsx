import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/lib/preferences';
import type { DeckPrices } from '@/features/decks/hooks/use-deck-prices';

/** The deck's market value in the user's marketplace, price type and currency, with what it leaves out. */
export function DeckValue({ prices }: { prices: DeckPrices }) {
  const { t } = useTranslation('decks');
  const { t: tc } = useTranslation('common');
  const { currency, marketplace, priceType } = usePreferences();
  const { value, isPending, isError } = prices;
  const market = marketplaceName(marketplace);
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-testid="deck-value">
      <span className="text-xs text-muted">{t('value.label', { market, type: tc(`priceTypes.${priceType}`) })}</span>
      {isPending ? (
        // As tall as the total (text-lg: 1.75rem), so nothing below moves when it arrives.
        <Skeleton className="h-7 w-24" />
      ) : isError ? (
        <span className="text-sm text-danger">{t('value.failed')}</span>
      ) : (
        <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-lg font-bold tabular-nums" data-testid="deck-value-total">
            {value.pricedCopies ? formatCents(value.total, currency) : '—'}
          </span>
          {value.unpricedCopies > 0 && <span className="text-xs text-muted">{t('value.unpriced', { count: value.unpricedCopies })}</span>}
          {value.demo && (
            <span className="rounded-md border border-amber-500/40 bg-amber-500/10 px-1.5 text-xs" data-testid="deck-demo-prices">
              {t('value.demo')}
            </span>
          )}
          {value.estimate && <span className="text-xs text-muted">{t('value.estimate')}</span>}
          {value.stale && <span className="text-xs text-muted">{t('value.stale')}</span>}
        </span>
      )}
    </div>
  );
}
