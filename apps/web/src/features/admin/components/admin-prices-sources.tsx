import type { LivePriceSource, PriceSourceState } from '@grandline/core/contracts/prices';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { PriceSection, RunStatusBadge, sourceName, useDateFormats } from './admin-prices-shared';

/** The live sources, one card each: last run, last success, and "Run now" for the ones this server fetches. */
export function AdminPriceSources({
  query,
  onRun,
  starting,
  runError,
}: {
  query: UseQueryResult<PriceSourceState[]>;
  onRun: (source: LivePriceSource) => void;
  /** The source whose start is being asked for. */
  starting?: LivePriceSource;
  runError: { source: LivePriceSource; message: string } | null;
}) {
  const { t } = useTranslation(['admin', 'pages']);
  return (
    <PriceSection id="admin-price-sources" title={t('admin.prices.sources.title')} lead={t('admin.prices.sources.lead')} testId="admin-price-sources">
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState title={t('admin.prices.sources.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {query.data.map((source) => (
            <SourceCard
              key={source.source}
              state={source}
              onRun={() => onRun(source.source)}
              starting={starting === source.source}
              error={runError?.source === source.source ? runError.message : null}
            />
          ))}
        </ul>
      )}
    </PriceSection>
  );
}

function SourceCard({ state, onRun, starting, error }: { state: PriceSourceState; onRun: () => void; starting: boolean; error: string | null }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  const name = sourceName(t, state.source);
  const last = state.lastRun;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid={`price-source-${state.source}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        {last ? <RunStatusBadge run={last} /> : <Badge className="text-muted">{t('admin.prices.sources.never')}</Badge>}
      </div>
      {last && (
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">{t('admin.prices.sources.lastRun')}</dt>
            <dd className="tabular-nums">{formats.dateTime(last.startedAt)}</dd>
          </div>
          {last.status === 'succeeded' && state.source !== 'fx' && (
            <div className="text-xs text-muted">
              <dt className="sr-only">{t('admin.prices.runs.columns.matched')}</dt>
              <dd>{t('admin.prices.sources.counts', { matched: last.matched, unmatched: last.unmatched })}</dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">{t('admin.prices.sources.lastSuccess')}</dt>
            <dd className="tabular-nums">{state.lastSuccessAt ? formats.dateTime(state.lastSuccessAt) : <span className="text-muted">{t('admin.prices.sources.noSuccess')}</span>}</dd>
          </div>
        </dl>
      )}
      {last?.status === 'failed' && last.error && <p className="line-clamp-2 break-words text-xs text-danger">{last.error}</p>}
      <div className="mt-auto flex flex-col gap-2">
        {error && <FormMessage>{error}</FormMessage>}
        {state.configured ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRun}
            disabled={state.running || starting}
            aria-label={state.running ? `${t('admin.prices.sources.running')} ${name}` : t('admin.prices.sources.runFor', { source: name })}
            data-testid={`price-run-${state.source}`}
            className="self-start"
          >
            {state.running || starting ? <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden /> : <Play className="h-3.5 w-3.5" aria-hidden />}
            {state.running ? t('admin.prices.sources.running') : t('admin.prices.sources.runNow')}
          </Button>
        ) : (
          <p className="text-xs text-muted">{t('admin.prices.sources.notConfigured')}</p>
        )}
      </div>
    </li>
  );
}
