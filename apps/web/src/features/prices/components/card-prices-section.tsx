import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyFlag } from '@/components/ui/currency-flag';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/lib/preferences';
import { useHydrated } from '@/lib/use-hydrated';
import { useCardPrices } from '@/features/prices/api/get-card-prices';
import { CardPricesPanel } from './card-prices-panel';

/** recharts is loaded with the chart only, never with the page's own code. */
const PriceHistoryChart = lazy(() => import('./price-history-chart').then((m) => ({ default: m.PriceHistoryChart })));

/** The chart's place while its code loads, at the chart box's height. */
const chartFallback = <Skeleton className="h-[22rem] w-full rounded-xl" data-testid="chart-lazy" />;

function Prices({ card }: { card: { id: number; name: string } }) {
  const { t } = useTranslation('prices');
  const { currency } = usePreferences();
  const prices = useCardPrices(card.id, currency);
  const markets = prices.data?.markets.map((m) => m.market) ?? [];
  const hydrated = useHydrated();
  return (
    <section className="mt-10" aria-labelledby="prices-title" data-testid="prices-section">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="prices-title" className="text-lg font-semibold">
          {t('section.title')}
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <CurrencyFlag code={currency} />
          {t('section.convertedTo', { currency })}
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
        <CardPricesPanel card={card} />
        {/* Beside the table's skeleton on wide screens; under it, one skeleton is enough. */}
        {prices.isPending ? (
          <Skeleton className="hidden h-[22rem] w-full rounded-xl xl:block" />
        ) : (
          markets.length > 0 &&
          // Drawn by the browser only: on a page the server drew, its code would arrive after the hydration, and a tap
          // on its range buttons meanwhile would be lost (React cannot hydrate a part whose code is not there).
          (hydrated ? (
            <Suspense fallback={chartFallback}>
              <PriceHistoryChart cardId={card.id} markets={markets} />
            </Suspense>
          ) : (
            chartFallback
          ))
        )}
      </div>
    </section>
  );
}

/** The card page's prices: the table of markets and the price history chart, with their own texts ('prices'). */
export function CardPricesSection({ card }: { card: { id: number; name: string } }) {
  return (
    <Suspense fallback={<Skeleton className="mt-10 h-72 w-full rounded-xl" />}>
      <Prices card={card} />
    </Suspense>
  );
}
