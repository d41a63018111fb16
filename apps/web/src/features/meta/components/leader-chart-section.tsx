import type { MetaLeader } from '@grandline/core/contracts/tournaments';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/lib/use-hydrated';

/** recharts comes with the chart only, never with the page's own code. */
const LeaderShareChart = lazy(() => import('./leader-share-chart').then((m) => ({ default: m.LeaderShareChart })));

/** The leaders the chart shows: the most played. */
const CHART_LEADERS = 10;
/** Each leader's row and the two axes: the chart's height is known before its code arrives, so nothing moves. */
const chartHeight = (count: number) => count * 40 + 56;

/**
 * The chart of the most played leaders' shares and win rates, with its legend. Drawn in the browser only, after the
 * page is there (the server draws its place): recharts measures the box it draws in.
 */
export function LeaderChartSection({ leaders }: { leaders: MetaLeader[] }) {
  const { t } = useTranslation('meta');
  const hydrated = useHydrated();
  const shown = leaders.slice(0, CHART_LEADERS);
  const height = chartHeight(shown.length);
  const placeholder = <Skeleton className="w-full" style={{ height }} data-testid="meta-chart-loading" />;
  return (
    <section aria-labelledby="meta-chart-title" className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-3 sm:p-4" data-testid="meta-chart">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="meta-chart-title" className="font-semibold">
          {t('chart.title', { count: shown.length })}
        </h2>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" aria-hidden>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm bg-accent" />
            {t('chart.shareAxis')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm bg-success" />
            {t('chart.winRateAxis')}
          </li>
        </ul>
      </div>
      <div style={{ height }} className="min-w-0">
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <LeaderShareChart leaders={shown} label={t('chart.label')} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
