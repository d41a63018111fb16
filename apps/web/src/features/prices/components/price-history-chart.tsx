import type { HistoryRange, PricePoint } from '@grandline/core/contracts/prices';
import { marketplaceName, type MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';
import { TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Select } from '@/components/ui/select';
import { tabList } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { usePreferences } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePriceHistory } from '@/features/prices/api/get-price-history';
import { axisDay, longDay, priceText } from '@/features/prices/utils/price-format';

/** The server's ranges (PriceHistoryQuery.days), in the order of the buttons. */
const RANGES = ['7', '30', '90', '365', 'all'] as const satisfies readonly HistoryRange[];
const SERIES = ['max', 'avg', 'min'] as const;
type Series = (typeof SERIES)[number];
/** Theme colours (index.css), so the lines follow the light and dark themes. */
const COLOR: Record<Series, string> = { min: 'var(--success)', avg: 'var(--accent)', max: 'var(--ring)' };
const CHART_HEIGHT = 'h-64';

const segment =
  'h-8 shrink-0 cursor-pointer whitespace-nowrap rounded-md px-2.5 text-xs font-semibold text-muted hover:text-fg aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-sm';

function Legend() {
  const { t } = useTranslation('prices');
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" aria-hidden>
      {SERIES.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span className={cn('inline-block w-4 rounded-full', s === 'avg' ? 'h-1' : 'h-0.5')} style={{ backgroundColor: COLOR[s] }} />
          {t(`chart.series.${s}`)}
        </li>
      ))}
    </ul>
  );
}

/** The hovered day: its full date and the three figures. */
function PointTooltip({ active, payload, currency }: { active?: boolean; payload?: ReadonlyArray<{ payload?: PricePoint }>; currency: CurrencyCode }) {
  const { t, i18n } = useTranslation('prices');
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-xl">
      <p className="mb-1 font-semibold">{longDay(point.date, i18n.resolvedLanguage)}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {SERIES.map((s) => (
          <div key={s} className="contents">
            <dt className="flex items-center gap-1.5 text-muted">
              <span className="inline-block h-2 w-2 rounded-full" style={{ backgroundColor: COLOR[s] }} aria-hidden />
              {t(`chart.series.${s}`)}
            </dt>
            <dd className="text-right font-medium tabular-nums">{priceText(point[s], currency)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What the chart area shows instead of a chart (loading, failure, no points), at the chart's height. */
function ChartMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={cn(CHART_HEIGHT, 'flex flex-col items-center justify-center gap-2 rounded-lg bg-surface-2/40 px-4 text-center')} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * Min / avg / max of one market per day, in the user's currency: a market picker (the user's marketplace first),
 * range buttons 7 / 30 / 90 / 365 days / all, and a spoken summary of the latest day. Loaded on demand (recharts).
 */
export function PriceHistoryChart({ cardId, markets }: { cardId: number; markets: readonly MarketplaceId[] }) {
  const { t, i18n } = useTranslation(['prices', 'common']);
  const prefs = usePreferences();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [picked, setPicked] = useState<MarketplaceId | null>(null);
  const [range, setRange] = useState<HistoryRange>('30');
  const market = picked && markets.includes(picked) ? picked : markets.includes(prefs.marketplace) ? prefs.marketplace : (markets[0] ?? prefs.marketplace);
  const query = usePriceHistory(cardId, { market, days: range, currency: prefs.currency });
  const language = i18n.resolvedLanguage;

  const data = query.data;
  const points = data?.points ?? [];
  const currency = data?.currency ?? prefs.currency;
  const latest = points.at(-1);
  const demo = points.some((p) => p.demo);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="relative" data-testid="chart-loading">
        <Skeleton className={cn(CHART_HEIGHT, 'w-full')} />
        <span className="sr-only" role="status">
          {t('chart.loading')}
        </span>
      </div>
    );
  } else if (query.isError && !data) {
    body = (
      <ChartMessage testId="chart-error">
        <TriangleAlert className="h-7 w-7 text-muted" aria-hidden />
        <p className="font-semibold">{t('chart.failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('actions.retry', { ns: 'common' })}
        </Button>
      </ChartMessage>
    );
  } else if (!points.length) {
    body = (
      <ChartMessage testId="chart-empty">
        <p className="font-semibold">{t('chart.empty')}</p>
        <p className="text-sm text-muted">{t('chart.emptyHint')}</p>
      </ChartMessage>
    );
  } else {
    body = (
      <div className={cn(CHART_HEIGHT, 'transition-opacity', query.isPlaceholderData && 'opacity-50')} data-testid="chart" data-points={points.length} data-currency={currency}>
        <LineChart
          responsive
          data={points}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          aria-label={t('chart.label', { market: marketplaceName(data?.market ?? market), currency })}
        >
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => axisDay(day, range, language)}
            tick={{ fontSize: 11, fill: 'var(--muted)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={28}
            tickMargin={6}
          />
          <YAxis
            width="auto"
            tickFormatter={(cents: number) => formatCents(cents, currency)}
            tick={{ fontSize: 11, fill: 'var(--muted)' }}
            tickLine={false}
            axisLine={false}
            domain={['auto', 'auto']}
          />
          <ChartTooltip content={<PointTooltip currency={currency} />} cursor={{ stroke: 'var(--muted)', strokeDasharray: '3 3' }} />
          {SERIES.map((s) => (
            <Line
              key={s}
              type="monotone"
              dataKey={s}
              name={t(`chart.series.${s}`)}
              stroke={COLOR[s]}
              strokeWidth={s === 'avg' ? 2.5 : 1.5}
              dot={false}
              activeDot={{ r: 4 }}
              connectNulls
              isAnimationActive={prefs.animations && !reducedMotion}
            />
          ))}
        </LineChart>
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-3 sm:p-4" aria-labelledby="price-history-title" data-testid="price-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="price-history-title" className="flex items-center gap-2 font-semibold">
          {t('chart.title')}
          {demo && <DemoBadge label={t('demo.badge')} title={t('demo.notice')} testId="chart-demo" />}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {markets.length > 1 && (
            <Select
              compact
              label={t('chart.market')}
              value={market}
              onValueChange={(v) => setPicked(v as MarketplaceId)}
              options={markets.map((m) => ({ value: m, label: marketplaceName(m) }))}
              className="min-w-36"
            />
          )}
          <div role="group" aria-label={t('chart.range')} className={tabList} data-testid="range-buttons">
            {RANGES.map((r) => (
              <button key={r} type="button" aria-pressed={r === range} title={t(`chart.rangeHints.${r}`)} onClick={() => setRange(r)} className={segment}>
                {t(`chart.ranges.${r}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <Legend />
      {body}
      {latest && (
        <p className="sr-only" aria-live="polite" data-testid="chart-summary">
          {t('chart.summary', {
            market: marketplaceName(data?.market ?? market),
            date: longDay(latest.date, language),
            min: priceText(latest.min, currency),
            avg: priceText(latest.avg, currency),
            max: priceText(latest.max, currency),
          })}
        </p>
      )}
    </section>
  );
}
