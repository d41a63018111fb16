import { TOURNAMENT_RUN_STALE_MS, type TournamentRunCounts } from '@grandline/core/contracts/tournaments';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbEvents } from '../../db/client';
import { tournamentRuns } from '../../db/schema/index';
import type { Logger } from '../../lib/logger';
import type { TournamentConfig, TournamentFetchSource } from '../../lib/tournament-config';
import { TOURNAMENTS_CHANNEL } from './ingest.service';
import { readLimitless } from './limitless-source';

/*
 * Runs of the tournament sources, the file import and admins' uploads, recorded in tournament_runs as price runs are
 * in price_runs: what started it, how it ended, what it stored (counts) and why it failed (error).
 */

/** What started a run: the daily timer, the start-up catch-up, an admin's "Run now", the command, an admin's upload. */
export type TournamentRunTrigger = 'schedule' | 'start' | 'admin' | 'import' | 'upload';

/** Longest a run of a source may take before it is stopped (the job's time-out). */
export const TOURNAMENT_RUN_TIMEOUT_MS = 3 * 60 * 60_000;

const MAX_ERROR = 2_000;

export const errorText = (err: unknown) => {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text;
};

export const emptyRunCounts = (): TournamentRunCounts => ({ tournaments: 0, standings: 0, skipped: 0, unmatched: 0, failed: 0 });

/** Today in UTC, YYYY-MM-DD. */
const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** Starts a run's record, outside any transaction of the run: a failed run stays visible. */
export async function startTournamentRun(db: Db, source: string, trigger: TournamentRunTrigger): Promise<number> {
  const [run] = await db.insert(tournamentRuns).values({ source, trigger, status: 'running' }).returning({ id: tournamentRuns.id });
  return run!.id;
}

export async function finishTournamentRun(db: Db, runId: number, result: { status: 'succeeded' | 'failed'; counts: TournamentRunCounts; error?: string | null }) {
  await db
    .update(tournamentRuns)
    .set({ status: result.status, finishedAt: new Date(), counts: { ...result.counts }, error: result.error ?? null })
    .where(eq(tournamentRuns.id, runId));
}

/**
 * Marks runs still `running` that nobody runs any more as failed: `all` on the embedded database (held by one process
 * at a time) and for a source's job holding its lock; otherwise those older than TOURNAMENT_RUN_STALE_MS (core).
 */
export async function failInterruptedTournamentRuns(db: Db, { all, source }: { all: boolean; source?: string }): Promise<number> {
  const marked = await db
    .update(tournamentRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'interrupted: the process stopped during the run' })
    .where(
      and(
        eq(tournamentRuns.status, 'running'),
        source ? eq(tournamentRuns.source, source) : undefined,
        all ? undefined : sql`${tournamentRuns.startedAt} < now() - make_interval(secs => ${TOURNAMENT_RUN_STALE_MS / 1000})`,
      ),
    )
    .returning({ id: tournamentRuns.id });
  return marked.length;
}

/** Whether a source already ran successfully on the UTC day (a start does not fetch it again). */
export async function tournamentsRanToday(db: Db, source: string, day = utcToday()): Promise<boolean> {
  const rows = await db
    .select({ id: tournamentRuns.id })
    .from(tournamentRuns)
    .where(and(eq(tournamentRuns.source, source), eq(tournamentRuns.status, 'succeeded'), gte(tournamentRuns.startedAt, new Date(`${day}T00:00:00Z`))))
    .limit(1);
  return rows.length > 0;
}

/** Tells the other replicas that tournaments changed (their meta caches are dropped); this one already knows. */
export async function announceTournaments(events: DbEvents | undefined, log: Logger, counts: TournamentRunCounts) {
  if (counts.tournaments + counts.standings === 0) return;
  await events?.notify(TOURNAMENTS_CHANNEL, String(counts.standings)).catch((err: unknown) => log.warn({ err }, 'tournaments event not sent'));
}

export interface TournamentRunSummary {
  runId: number;
  status: 'succeeded' | 'failed';
  counts: TournamentRunCounts;
  error: string | null;
}

/**
 * One run of a source: every tournament it lists that the library lacks, read and stored one by one (each in its own
 * transaction). A tournament that cannot be read counts as `failed` and the others go on; a source that stops
 * answering (time-out, network, 5xx, a rate limit that does not lift) fails the run, and what was stored stays.
 */
export async function runTournamentSource({
  db,
  events,
  log,
  config,
  source,
  trigger,
  signal,
}: {
  db: Db;
  events?: DbEvents;
  log: Logger;
  config: TournamentConfig;
  source: TournamentFetchSource;
  trigger: TournamentRunTrigger;
  signal?: AbortSignal;
}): Promise<TournamentRunSummary> {
  const runId = await startTournamentRun(db, source, trigger);
  const counts = emptyRunCounts();
  let summary: TournamentRunSummary;
  try {
    const { failures } = await readLimitless({ db, config, counts, signal, log });
    const error = failures.length ? `${failures.length} tournament(s) could not be read: ${failures.join('; ')}` : null;
    summary = { runId, status: 'succeeded', counts, error: error && errorText(error) };
  } catch (err) {
    log.error({ err, source }, 'tournament source failed; what was stored stays');
    summary = { runId, status: 'failed', counts, error: errorText(err) };
  }
  await finishTournamentRun(db, runId, summary);
  await announceTournaments(events, log, counts);
  log.info({ source, trigger, status: summary.status, ...counts }, 'tournament run ended');
  return summary;
}
