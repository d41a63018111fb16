import { TOURNAMENT_RUN_STALE_MS, type TournamentAdminResponse, type TournamentRun } from '@grandline/core/contracts/tournaments';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { Count, PriceSection, RunStatusBadge, runDuration, useDateFormats } from './admin-prices-shared';

/** The counts a tournament run keeps, in their order. */
const COUNTS = ['tournaments', 'standings', 'skipped', 'unmatched', 'failed'] as const;
type CountKey = (typeof COUNTS)[number];

/** What to tell the admin about a failed tournament call: the section's own text for the code, else the app's. */
export function tournamentErrorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `admin.tournaments.errors.${err.code}`;
    if (t(key, { defaultValue: '' })) return t(key, { reason: err.message });
  }
  return errorText(err, 'admin:admin.tournaments.errors.generic');
}

/** A run's counts as small figures that wrap on narrow screens (tournaments, standings, skipped, unmatched, failed). */
export function RunCounts({ counts, keys = COUNTS, testId }: { counts: Partial<Record<CountKey, number>>; keys?: readonly CountKey[]; testId?: string }) {
  const { t } = useTranslation(['admin', 'pages']);
  return (
    <dl className="flex flex-wrap gap-1.5" data-testid={testId}>
      {keys.map((k) => (
        <div key={k} className="flex items-baseline gap-1.5 rounded-lg bg-surface-2 px-2.5 py-1 text-sm">
          <dt className="text-xs text-muted">{t(`admin.tournaments.runs.columns.${k}`)}</dt>
          <dd data-testid={testId ? `${testId}-${k}` : undefined}>
            <Count value={counts[k] ?? 0} strong={k === 'standings'} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The last runs of every source, the import and uploads, newest first. */
export function AdminTournamentRuns({ query, poll }: { query: UseQueryResult<TournamentAdminResponse>; poll: boolean }) {
  const { t } = useTranslation(['admin', 'pages']);
  if (query.isError) return null;
  return (
    <PriceSection id="admin-tournament-runs" title={t('admin.tournaments.runs.title')} testId="admin-tournament-runs">
      {poll && (
        <p className="text-xs text-muted" role="status">
          {t('admin.tournaments.runs.polling')}
        </p>
      )}
      {query.isPending ? (
        // About the height of a few runs, or of the empty state.
        <Skeleton className="h-60" aria-busy="true" />
      ) : query.data.runs.length === 0 ? (
        <EmptyState icon={<History className="h-10 w-10" aria-hidden />} title={t('admin.tournaments.runs.empty')}>
          {t('admin.tournaments.runs.emptyHint')}
        </EmptyState>
      ) : (
        <RunsTable runs={query.data.runs} />
      )}
    </PriceSection>
  );
}

function RunsTable({ runs }: { runs: TournamentRun[] }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  const header = (c: string) => t(`admin.tournaments.runs.columns.${c}`);
  const count = (c: CountKey): DataTableColumn<TournamentRun> => ({
    id: c,
    header: header(c),
    align: 'end',
    cellProps: () => ({ 'data-testid': `tournament-run-${c}` }),
    cell: (run) => <Count value={run.counts?.[c] ?? 0} strong={c === 'standings'} />,
  });
  const columns: DataTableColumn<TournamentRun>[] = [
    {
      id: 'started',
      header: header('started'),
      rowHeader: true,
      cellClassName: 'whitespace-nowrap',
      cell: (run) => (
        <>
          <div className="tabular-nums">{formats.dateTime(run.startedAt)}</div>
          <div className="text-xs text-muted">{t(`admin.tournaments.runs.triggers.${run.trigger}`, { defaultValue: run.trigger })}</div>
        </>
      ),
    },
    { id: 'source', header: header('source'), cell: (run) => <span className="font-medium">{t(`admin.tournaments.runs.sources.${run.source}`, { defaultValue: run.source })}</span> },
    { id: 'status', header: header('status'), cell: (run) => <RunStatusBadge run={run} staleMs={TOURNAMENT_RUN_STALE_MS} testId="tournament-run-status" /> },
    ...COUNTS.map(count),
    { id: 'duration', header: header('duration'), cellClassName: 'whitespace-nowrap tabular-nums text-muted', cell: (run) => runDuration(run, t) ?? '—' },
  ];
  return (
    <DataTable
      className="overflow-x-auto rounded-xl border border-border bg-surface"
      caption={t('admin.tournaments.runs.caption')}
      columns={columns}
      rows={runs}
      rowKey={(run) => run.id}
      rowProps={(run) => ({ 'data-testid': 'tournament-run-row', 'data-source': run.source })}
      rowDetail={(run) =>
        run.error ? (
          <>
            <span className={run.status === 'failed' ? 'font-medium text-danger' : 'font-medium'}>{header('error')}: </span>
            <span className="break-words">{run.error}</span>
          </>
        ) : null
      }
      rowDetailClassName="bg-danger/5"
      phone="stack"
    />
  );
}
