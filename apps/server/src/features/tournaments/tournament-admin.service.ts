import {
  ADMIN_GAPS_SHOWN,
  ADMIN_TOURNAMENTS_SHOWN,
  TOURNAMENT_RUN_STALE_MS,
  type TournamentAdminItem,
  type TournamentAdminResponse,
  type TournamentFormat,
  type TournamentRun,
  type TournamentRunResponse,
  type TournamentSource,
  type TournamentUploadResponse,
} from '@grandline/core/contracts/tournaments';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbEvents } from '../../db/client';
import { tournamentListGaps, tournamentRuns, tournaments, tournamentStandings } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { TournamentConfig, TournamentFetchSource } from '../../lib/tournament-config';
import { setPublishedListsFormat } from '../decks/decks.service';
import { storeTournament, TournamentShapeError, tournamentsChanged, TOURNAMENTS_CHANNEL } from './ingest.service';
import { LimitlessTournament } from './limitless-shapes';
import { tournamentJobName } from './tournament-jobs';
import { announceTournaments, emptyRunCounts, errorText, finishTournamentRun, startTournamentRun } from './tournament-runs.service';
import { startJobForAdmin } from '../../jobs/admin-run';

/*
 * /admin → Tournaments: the sources configured here, the last runs, the card numbers the library lacks, a source run
 * now (through the scheduler), one tournament uploaded by hand, and a tournament's format corrected.
 */

/** Runs the admin's answer lists. */
const RUNS_SHOWN = 20;

const toRun = (r: typeof tournamentRuns.$inferSelect): TournamentRun => ({
  id: r.id,
  source: r.source,
  trigger: r.trigger,
  status: r.status as TournamentRun['status'],
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  counts: r.counts ?? null,
  error: r.error,
});

const listsOf = sql<number>`(select count(*) from ${tournamentStandings} where ${tournamentStandings.tournamentId} = ${tournaments.id})`.mapWith(Number);

const itemColumns = {
  id: tournaments.id,
  name: tournaments.name,
  date: tournaments.day,
  players: tournaments.players,
  source: tournaments.source,
  format: tournaments.format,
  formatByAdmin: tournaments.formatByAdmin,
  lists: listsOf,
};

const toItem = (r: { source: string; format: string } & Omit<TournamentAdminItem, 'source' | 'format'>): TournamentAdminItem => ({
  ...r,
  source: r.source as TournamentSource,
  format: r.format as TournamentFormat,
});

/** What /admin → Tournaments shows. */
export async function tournamentAdmin({ db, config }: { db: Db; config: TournamentConfig }): Promise<TournamentAdminResponse> {
  const [runs, gaps, [total], newest] = await Promise.all([
    db.select().from(tournamentRuns).orderBy(desc(tournamentRuns.startedAt), desc(tournamentRuns.id)).limit(RUNS_SHOWN),
    db
      .select({
        tournamentId: tournamentListGaps.tournamentId,
        tournamentName: tournaments.name,
        placing: tournamentListGaps.placing,
        cardNumber: tournamentListGaps.cardNumber,
        name: tournamentListGaps.name,
        quantity: tournamentListGaps.quantity,
        section: tournamentListGaps.section,
      })
      .from(tournamentListGaps)
      .innerJoin(tournaments, eq(tournaments.id, tournamentListGaps.tournamentId))
      .orderBy(desc(tournaments.day), tournaments.id, tournamentListGaps.placing, tournamentListGaps.cardNumber)
      .limit(ADMIN_GAPS_SHOWN),
    db.select({ n: count() }).from(tournamentListGaps),
    db.select(itemColumns).from(tournaments).orderBy(desc(tournaments.day), desc(tournaments.createdAt), tournaments.id).limit(ADMIN_TOURNAMENTS_SHOWN),
  ]);
  return { sources: [...config.sources], runs: runs.map(toRun), gaps, gapsTotal: total?.n ?? 0, tournaments: newest.map(toItem) };
}

/**
 * Runs a source now, in the background, through the scheduler's job (its lock: one replica reads it). Refused when the
 * source is not configured here (400), a run of it is going, or this process runs no jobs (409).
 */
export async function startTournamentRunNow({
  db,
  log,
  config,
  runJob,
  source,
}: {
  db: Db;
  log: Logger;
  config: TournamentConfig;
  runJob?: (name: string) => Promise<unknown>;
  source: TournamentFetchSource;
}): Promise<TournamentRunResponse> {
  if (!config.sources.includes(source)) {
    throw new AppError('SOURCE_NOT_CONFIGURED', 400, `The tournament source ${source} is not configured on this server: set TOURNAMENT_SOURCES=${source} and restart it`);
  }
  const going = await db
    .select({ id: tournamentRuns.id })
    .from(tournamentRuns)
    .where(
      and(
        eq(tournamentRuns.source, source),
        eq(tournamentRuns.status, 'running'),
        sql`${tournamentRuns.startedAt} > now() - make_interval(secs => ${TOURNAMENT_RUN_STALE_MS / 1000})`,
      ),
    )
    .limit(1);
  if (going.length) throw new AppError('RUN_IN_PROGRESS', 409, 'A run of this tournament source is still going: wait for it to end');
  startJobForAdmin({ runJob, name: tournamentJobName(source), log, what: 'tournament' });
  return { started: true, source };
}

/** An admin's upload of one tournament's two documents, stored through the one write path and recorded as a run. */
export async function uploadTournament({
  db,
  events,
  log,
  details,
  standings,
}: {
  db: Db;
  events?: DbEvents;
  log: Logger;
  details: unknown;
  standings: unknown;
}): Promise<TournamentUploadResponse> {
  const runId = await startTournamentRun(db, 'upload', 'upload');
  const counts = emptyRunCounts();
  try {
    const stored = await storeTournament(db, 'upload', details, standings);
    Object.assign(counts, stored);
    await finishTournamentRun(db, runId, { status: 'succeeded', counts });
    await announceTournaments(events, log, counts);
    return { ...stored, tournamentId: LimitlessTournament.shape.id.parse((details as { id: unknown }).id), runId };
  } catch (err) {
    counts.failed = 1;
    await finishTournamentRun(db, runId, { status: 'failed', counts, error: errorText(err) });
    if (err instanceof TournamentShapeError) throw new AppError('INVALID_TOURNAMENT', 400, err.message);
    throw err;
  }
}

/**
 * An admin's correction of a tournament's format: the tournament (marked as set by an admin, so no source changes it
 * back) and its published lists, in one transaction; then every replica's meta caches are dropped.
 */
export async function correctTournamentFormat({
  db,
  events,
  log,
  id,
  format,
}: {
  db: Db;
  events?: DbEvents;
  log: Logger;
  id: string;
  format: TournamentFormat;
}): Promise<TournamentAdminItem> {
  await db.transaction(async (tx) => {
    const updated = await tx.update(tournaments).set({ format, formatByAdmin: true }).where(eq(tournaments.id, id)).returning({ id: tournaments.id });
    if (!updated.length) throw new AppError('TOURNAMENT_NOT_FOUND', 404, 'No tournament with this id');
    const lists = await tx.select({ deckId: tournamentStandings.deckId }).from(tournamentStandings).where(eq(tournamentStandings.tournamentId, id));
    await setPublishedListsFormat(
      tx,
      lists.map((l) => l.deckId),
      format,
    );
  });
  tournamentsChanged();
  await events?.notify(TOURNAMENTS_CHANNEL, id).catch((err: unknown) => log.warn({ err }, 'tournaments event not sent'));
  const [row] = await db.select(itemColumns).from(tournaments).where(eq(tournaments.id, id));
  return toItem(row!);
}
