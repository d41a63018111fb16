import { PRICE_RUN_SOURCES, type PriceRun, type PriceRunSource } from '@grandline/core/contracts/prices';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { Select } from '@/components/ui/select';
import { usePriceRuns } from '@/features/admin/api/get-price-runs';
import { Count, PriceSection, RunStatusBadge, runDuration, sourceName, useDateFormats } from './admin-prices-shared';

const FIRST = 50;
const MORE = 200;
type RunColumn = 'started' | 'source' | 'day' | 'status' | 'rows' | 'matched' | 'unmatched' | 'skipped' | 'duration';

/** The runs, newest first, of every source or one: a table on wide screens, a list of cards on phones. */
export function AdminPriceRuns({ poll }: { poll: boolean }) {
  const { t } = useTranslation(['admin', 'pages']);
  const [source, setSource] = useState<PriceRunSource | 'all'>('all');
  const [limit, setLimit] = useState(FIRST);
  const runs = usePriceRuns({ source: source === 'all' ? undefined : source, limit }, poll);

  return (
    <PriceSection
      id="admin-price-runs"
      title={t('admin.prices.runs.title')}
      testId="admin-price-runs"
      actions={
        <Select
          label={t('admin.prices.runs.filter')}
          value={source}
          compact
          className="min-w-44"
          onValueChange={(v) => setSource(v as PriceRunSource | 'all')}
          options={[{ value: 'all', label: t('admin.prices.runs.all') }, ...PRICE_RUN_SOURCES.map((s) => ({ value: s, label: sourceName(t, s) }))]}
        />
      }
    >
      {poll && (
        <p className="text-xs text-muted" role="status">
          {t('admin.prices.runs.polling')}
        </p>
      )}
      {runs.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : runs.isError ? (
        <ErrorState title={t('admin.prices.runs.loadFailed')} onRetry={() => void runs.refetch()} />
      ) : runs.data.length === 0 ? (
        <EmptyState icon={<History className="h-10 w-10" aria-hidden />} title={t('admin.prices.runs.empty')}>
          {t('admin.prices.runs.emptyHint')}
        </EmptyState>
      ) : (
        <>
          <RunsTable runs={runs.data} />
          <RunsList runs={runs.data} />
          {runs.data.length >= limit && limit < MORE && (
            <Button variant="secondary" size="sm" className="self-center" onClick={() => setLimit(MORE)}>
              {t('admin.prices.runs.more')}
            </Button>
          )}
        </>
      )}
    </PriceSection>
  );
}

/** Wide screens: one row per run, its error (if any) in a row under it. */
function RunsTable({ runs }: { runs: PriceRun[] }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  const header = (c: RunColumn) => t(`admin.prices.runs.columns.${c}`);
  const count = (c: 'rows' | 'matched' | 'unmatched' | 'skipped', testId?: string): DataTableColumn<PriceRun> => ({
    id: c,
    header: header(c),
    align: 'end',
    cellProps: () => ({ 'data-testid': testId }),
    cell: (run) => <Count value={run[c]} strong={c === 'matched'} />,
  });
  const columns: DataTableColumn<PriceRun>[] = [
    {
      id: 'started',
      header: header('started'),
      cellClassName: 'whitespace-nowrap',
      cell: (run) => (
        <>
          <div className="tabular-nums">{formats.dateTime(run.startedAt)}</div>
          <div className="text-xs text-muted">{t(`admin.prices.runs.triggers.${run.trigger}`, { defaultValue: run.trigger })}</div>
        </>
      ),
    },
    {
      id: 'source',
      header: header('source'),
      cell: (run) => (
        <>
          <div className="font-medium">{sourceName(t, run.source)}</div>
          {run.market && run.source === 'csv' && <div className="text-xs text-muted">{t(`admin.prices.upload.markets.${run.market}`, { defaultValue: run.market })}</div>}
        </>
      ),
    },
    { id: 'day', header: header('day'), cellClassName: 'whitespace-nowrap tabular-nums', cell: (run) => formats.day(run.day) },
    { id: 'status', header: header('status'), cell: (run) => <RunStatusBadge run={run} /> },
    count('rows', 'price-run-rows'),
    count('matched', 'price-run-matched'),
    count('unmatched', 'price-run-unmatched'),
    count('skipped'),
    { id: 'duration', header: header('duration'), cellClassName: 'whitespace-nowrap tabular-nums text-muted', cell: (run) => runDuration(run, t) ?? '—' },
  ];
  return (
    <DataTable
      className="hidden overflow-x-auto rounded-xl border border-border bg-surface md:block"
      tableTestId="price-runs-table"
      caption={t('admin.prices.runs.caption')}
      columns={columns}
      rows={runs}
      rowKey={(run) => run.id}
      rowProps={(run) => ({ 'data-testid': 'price-run-row', 'data-source': run.source })}
      rowDetail={(run) =>
        run.error ? (
          <>
            <span className="font-medium text-danger">{t('admin.prices.runs.columns.error')}: </span>
            <span className="break-words">{run.error}</span>
          </>
        ) : null
      }
      rowDetailClassName="bg-danger/5"
      phone="scroll"
    />
  );
}

/** Phones: one card per run, the figures in a row of four. */
function RunsList({ runs }: { runs: PriceRun[] }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  return (
    <ul className="flex flex-col gap-2 md:hidden" aria-label={t('admin.prices.runs.caption')}>
      {runs.map((run) => (
        <li key={run.id} className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3" data-testid="price-run-card">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <div className="font-medium">{sourceName(t, run.source)}</div>
              {run.market && run.source === 'csv' && <div className="text-sm text-muted">{t(`admin.prices.upload.markets.${run.market}`, { defaultValue: run.market })}</div>}
              <div className="flex flex-wrap gap-x-2 text-xs text-muted tabular-nums">
                <span className="whitespace-nowrap">{formats.dateTime(run.startedAt)}</span>
                <span className="whitespace-nowrap">{t(`admin.prices.runs.triggers.${run.trigger}`, { defaultValue: run.trigger })}</span>
                {runDuration(run, t) && <span className="whitespace-nowrap">{runDuration(run, t)}</span>}
              </div>
            </div>
            <RunStatusBadge run={run} />
          </div>
          <dl className="grid grid-cols-4 gap-1 text-center">
            {(['rows', 'matched', 'unmatched', 'skipped'] as const).map((k) => (
              <div key={k} className="rounded-lg bg-surface-2 px-1 py-1.5">
                <dt className="text-[0.6875rem] leading-tight break-words text-muted">{t(`admin.prices.runs.columns.${k}`)}</dt>
                <dd className="text-sm">
                  <Count value={run[k]} strong={k === 'matched'} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted">{t('admin.prices.runs.dayOf', { day: formats.day(run.day) })}</p>
          {run.error && <p className="break-words text-xs text-danger">{run.error}</p>}
        </li>
      ))}
    </ul>
  );
}
