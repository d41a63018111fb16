import { VALUE_HISTORY_RANGES } from '@grandline/core/collection/options';
import type { ValueHistoryResponse } from '@grandline/core/contracts/prices';
import { FREE_HISTORY_DAYS } from '@grandline/core/plans';
import { marketplaceName } from '@grandline/core/marketplaces';
import type { UseQueryResult } from '@tanstack/react-query';
import { LineChart, Lock, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { tabList } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { usePlanLimits } from '@/features/plans/api/billing-api';
import { useBinderValueHistory } from '@/features/binders/api/get-binder-value-history';
import { usePortfolioValueHistory } from '@/features/binders/api/get-portfolio-value-history';
import { useValueQuery } from '@/features/binders/hooks/use-value-query';
import { LockedValueHistory } from './value-history-locked';
import { hasHistory, rangeChange, type ValueRange } from '@/features/binders/utils/value-dates';
import { percentText, signedCentsText, toneClass, toneOf } from '@/features/binders/utils/value-format';

/** recharts comes with the chart only, never with the page's own code. */
const ValueAreaChart = lazy(() => import('./value-area-chart').then((m) => ({ default: m.ValueAreaChart })));

const CHART_HEIGHT = 'h-64';
const segment =
  'h-8 shrink-0 cursor-pointer whitespace-nowrap rounded-md px-2.5 text-xs font-semibold text-muted hover:text-fg aria-pressed:bg-surface aria-pressed:text-fg aria-pressed:shadow-sm';

function ChartMessage({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className={cn(CHART_HEIGHT, 'flex flex-col items-center justify-center gap-2 rounded-lg bg-surface-2/40 px-4 text-center')} data-testid={testId}>
      {children}
    </div>
  );
}

/** Value over time: 30 / 90 / 365 days, the change over the range, a tooltip per day; its own loading and error states. */
function ValueHistory({
  history,
  range,
  onRange,
  isLocked,
}: {
  history: UseQueryResult<ValueHistoryResponse>;
  range: ValueRange;
  onRange: (r: ValueRange) => void;
  /** Whether a range is beyond the plan (advanced statistics: Hobby); its chart is then a prompt, never a request. */
  isLocked: (r: ValueRange) => boolean;
}) {
  const { t, i18n } = useTranslation(['binders', 'common']);
  const data = history.data;
  const points = data?.points ?? [];
  const change = rangeChange(points);
  const tone = toneOf(change?.change);
  let body: ReactNode;
  if (isLocked(range)) {
    body = <LockedValueHistory range={range} heightClass={CHART_HEIGHT} />;
  } else if (history.isPending) {
    body = <Skeleton className={cn(CHART_HEIGHT, 'w-full')} data-testid="value-history-loading" />;
  } else if (history.isError && !data) {
    body = (
      <ChartMessage testId="value-history-error">
        <TriangleAlert className="h-7 w-7 text-muted" aria-hidden />
        <p className="font-semibold">{t('portfolio.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </ChartMessage>
    );
  } else if (!hasHistory(points)) {
    body = (
      <ChartMessage testId="value-history-empty">
        <p className="font-semibold">{t('value.historyEmpty')}</p>
        <p className="text-sm text-muted">{t('value.historyEmptyHint')}</p>
      </ChartMessage>
    );
  } else {
    const market = marketplaceName(data!.market);
    body = (
      <div className={cn(CHART_HEIGHT, 'transition-opacity', history.isPlaceholderData && 'opacity-50')} data-testid="value-history-chart" data-points={points.length}>
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <ValueAreaChart points={points} currency={data!.currency} range={range} label={t('value.historyLabel', { market, currency: data!.currency })} />
        </Suspense>
      </div>
    );
  }
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4" aria-labelledby="value-history-title" data-testid="value-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id="value-history-title" className="flex items-center gap-2 text-sm font-semibold">
            <LineChart className="h-4 w-4 text-accent" aria-hidden />
            {t('value.history')}
            {points.some((p) => p.demo) && <DemoBadge label={t('value.demoBadge')} title={t('value.demo')} testId="value-history-demo" />}
          </h3>
          {change && data && hasHistory(points) && !isLocked(range) && (
            <p className={cn('mt-0.5 text-xs font-medium tabular-nums', toneClass[tone])} data-testid="value-history-change">
              {signedCentsText(change.change, data.currency)}
              {change.ratio !== null && ` (${percentText(change.ratio, i18n.resolvedLanguage)})`} <span className="font-normal text-muted">{t(`value.rangeHints.${range}`)}</span>
            </p>
          )}
        </div>
        <div role="group" aria-label={t('value.range')} className={tabList} data-testid="value-ranges">
          {VALUE_HISTORY_RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={r === range} title={t(`value.rangeHints.${r}`)} onClick={() => onRange(r)} className={cn(segment, 'inline-flex items-center gap-1')}>
              {isLocked(r) && <Lock className="h-3 w-3" aria-label={t('common:plans.locked.generic')} />}
              {t(`value.ranges.${r}`)}
            </button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}

/** The last FREE_HISTORY_DAYS are everyone's; longer ranges are advanced statistics (Hobby; the server answers PLAN_LIMIT otherwise). */
function useRangeLock() {
  const limits = usePlanLimits();
  return (r: ValueRange) => Number(r) > FREE_HISTORY_DAYS && !(limits?.advancedStatistics ?? false);
}

export function BinderValueHistory({ binderId }: { binderId: string }) {
  const [range, setRange] = useState<ValueRange>('30');
  const isLocked = useRangeLock();
  const history = useBinderValueHistory(binderId, { ...useValueQuery(), days: isLocked(range) ? '30' : range });
  return <ValueHistory history={history} range={range} onRange={setRange} isLocked={isLocked} />;
}

export function PortfolioValueHistory() {
  const [range, setRange] = useState<ValueRange>('30');
  const isLocked = useRangeLock();
  const history = usePortfolioValueHistory({ ...useValueQuery(), days: isLocked(range) ? '30' : range });
  return <ValueHistory history={history} range={range} onRange={setRange} isLocked={isLocked} />;
}
