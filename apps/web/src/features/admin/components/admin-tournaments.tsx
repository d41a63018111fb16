import { TOURNAMENT_RUN_STALE_MS, type TournamentAdminResponse, type TournamentRun } from '@grandline/core/contracts/tournaments';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle, Play, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { ErrorState } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/toast';
import { isRunning, useRunTournamentSource, useTournamentAdmin } from '@/features/admin/api/tournaments-admin';
import { PriceSection, RunStatusBadge, useDateFormats } from './admin-prices-shared';
import { AdminTournamentGaps, AdminTournamentList } from './admin-tournaments-lists';
import { AdminTournamentRuns, RunCounts, tournamentErrorText } from './admin-tournaments-runs';
import { AdminTournamentUpload } from './admin-tournaments-upload';

/** How long after "Run now" the page keeps asking for the run before it shows (the job starts in a moment). */
const START_WATCH_MS = 30_000;

/**
 * The admin's Tournaments tab: whether a source is configured (and what to set when none is), "Run now", the runs,
 * the upload of one tournament's two files, the card numbers the library lacks, and the newest tournaments with their
 * format to correct. While a run is going everything is asked again every 5 s.
 */
export function AdminTournaments() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const [watching, setWatching] = useState(false);
  const watchTimer = useRef<number | undefined>(undefined);
  const [runError, setRunError] = useState<string | null>(null);
  const query = useTournamentAdmin(watching);
  const run = useRunTournamentSource();
  const running = query.data?.runs.some((r) => r.source === 'limitless' && isRunning(r)) ?? false;
  useEffect(() => () => window.clearTimeout(watchTimer.current), []);

  const start = () => {
    setRunError(null);
    run.mutate('limitless', {
      onSuccess: () => {
        notify.success(t('admin.tournaments.source.started'));
        setWatching(true);
        window.clearTimeout(watchTimer.current);
        watchTimer.current = window.setTimeout(() => setWatching(false), START_WATCH_MS);
      },
      onError: (err) => setRunError(tournamentErrorText(t, err)),
    });
  };

  return (
    <div className="flex flex-col gap-10" data-testid="admin-tournaments">
      <PriceSection id="admin-tournament-source" title={t('admin.tournaments.source.title')} lead={t('admin.tournaments.source.lead')} testId="admin-tournament-source">
        {query.isPending ? (
          // About the height of what comes (the card of a source, or what to set when none is): the page below stays put.
          <Skeleton className="h-64 max-w-2xl" aria-busy="true" />
        ) : query.isError ? (
          <ErrorState title={t('admin.tournaments.loadFailed')} onRetry={() => void query.refetch()} />
        ) : query.data.sources.includes('limitless') ? (
          <SourceCard runs={query.data.runs} running={running} starting={run.isPending} onRun={start} error={runError} />
        ) : (
          <NoSource />
        )}
      </PriceSection>
      <AdminTournamentRuns query={query} poll={watching || running} />
      <AdminTournamentUpload />
      {!query.isError && <AdminTournamentGaps query={query as UseQueryResult<TournamentAdminResponse>} />}
      {!query.isError && <AdminTournamentList query={query as UseQueryResult<TournamentAdminResponse>} />}
    </div>
  );
}

/** Limitless, configured: its last run and "Run now". */
function SourceCard({ runs, running, starting, onRun, error }: { runs: TournamentRun[]; running: boolean; starting: boolean; onRun: () => void; error: string | null }) {
  const { t } = useTranslation(['admin', 'pages']);
  const formats = useDateFormats();
  const last = runs.find((r) => r.source === 'limitless');
  const name = t('admin.tournaments.runs.sources.limitless');
  return (
    <div className="flex max-w-2xl min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="tournament-source-limitless">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <Badge className="border-success/50 bg-success/10">{t('admin.tournaments.source.configured')}</Badge>
      </div>
      {last ? (
        <div className="flex flex-col gap-2 text-sm">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-muted">{t('admin.tournaments.source.lastRun')}</span>
            <span className="tabular-nums">{formats.dateTime(last.startedAt)}</span>
            <RunStatusBadge run={last} staleMs={TOURNAMENT_RUN_STALE_MS} testId="tournament-source-status" />
          </div>
          {last.counts && <RunCounts counts={last.counts} />}
          {last.error && <p className="line-clamp-3 break-words text-xs text-danger">{last.error}</p>}
        </div>
      ) : (
        <p className="text-sm text-muted">{t('admin.tournaments.source.never')}</p>
      )}
      {error && <FormMessage>{error}</FormMessage>}
      <Button variant="secondary" size="sm" onClick={onRun} disabled={running || starting} className="self-start" data-testid="tournament-run-limitless">
        {running || starting ? <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden /> : <Play className="h-3.5 w-3.5" aria-hidden />}
        {running ? t('admin.tournaments.source.running') : t('admin.tournaments.source.runNow')}
      </Button>
    </div>
  );
}

/** No source configured on this server: what to set, and what works without one. */
function NoSource() {
  const { t } = useTranslation(['admin', 'pages']);
  return (
    <div className="flex max-w-2xl min-w-0 flex-col gap-3 rounded-xl border border-dashed border-border bg-surface/60 p-4 sm:p-5" data-testid="tournament-source-none">
      <div className="flex items-center gap-3">
        <Trophy className="h-6 w-6 shrink-0 text-muted" aria-hidden />
        <h3 className="font-semibold">{t('admin.tournaments.source.noneTitle')}</h3>
      </div>
      <p className="text-sm text-muted">{t('admin.tournaments.source.noneLead')}</p>
      <pre className="overflow-x-auto rounded-lg border border-border bg-surface-2 px-3 py-2 font-mono text-sm" data-testid="tournament-source-setting">
        TOURNAMENT_SOURCES=limitless
      </pre>
      <p className="text-sm text-muted">{t('admin.tournaments.source.noneKey')}</p>
      <p className="text-sm text-muted">{t('admin.tournaments.source.noneFiles')}</p>
    </div>
  );
}
