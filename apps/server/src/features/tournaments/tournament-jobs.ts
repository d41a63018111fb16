import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/scheduler';
import type { TournamentConfig, TournamentFetchSource } from '../../lib/tournament-config';
import { failInterruptedTournamentRuns, runTournamentSource, TOURNAMENT_RUN_TIMEOUT_MS, tournamentsRanToday, type TournamentRunTrigger } from './tournament-runs.service';

/** The job that reads a tournament source: `tournaments-limitless`. */
export const tournamentJobName = (source: TournamentFetchSource) => `tournaments-${source}`;

/**
 * Why the next run of a tournament job starts, when not its timer: an admin's "Run now" or the start-up catch-up. The
 * scheduler runs jobs by name only, so the reason waits here for the run to read it.
 */
const reasons = new Map<string, TournamentRunTrigger>();

/** Whether a job name is a tournament source's. */
export const isTournamentJob = (name: string) => name.startsWith('tournaments-');

/** Runs a tournament job now through the scheduler (its lock), recording why: `admin` or `start`. */
export async function runTournamentJobNow(runNow: (name: string) => Promise<unknown>, name: string, trigger: TournamentRunTrigger): Promise<unknown> {
  reasons.set(name, trigger);
  try {
    return await runNow(name);
  } finally {
    reasons.delete(name);
  }
}

/**
 * The tournament jobs of this configuration: one per configured source on TOURNAMENT_FETCH_CRON, under the scheduler's
 * lock (with several replicas, one reads the source). A failing run throws, so job_runs shows it too.
 */
export function tournamentJobs(config: TournamentConfig): JobDefinition[] {
  return config.sources.map((source) => ({
    name: tournamentJobName(source),
    schedule: config.cron,
    timeoutMs: TOURNAMENT_RUN_TIMEOUT_MS,
    async run({ db, events, log, signal }) {
      // Holding the job's lock, nobody else reads this source: a run still `running` is from a process that stopped.
      await failInterruptedTournamentRuns(db, { all: true, source });
      const run = await runTournamentSource({ db, events, log, config, source, trigger: reasons.get(tournamentJobName(source)) ?? 'schedule', signal });
      if (run.status === 'failed') throw new Error(run.error ?? 'failed');
      return { ...run.counts };
    },
  }));
}

/**
 * At start: every configured source with no successful run today runs once, in the background, through the scheduler
 * (its lock: with several replicas starting, one reads it). Answers the sources that were due.
 */
export async function startTournamentJobs({ config, db, runNow }: { config: TournamentConfig; db: Db; runNow: (name: string) => Promise<unknown> }): Promise<TournamentFetchSource[]> {
  const due: TournamentFetchSource[] = [];
  for (const source of config.sources) if (!(await tournamentsRanToday(db, source))) due.push(source);
  void (async () => {
    for (const source of due) await runTournamentJobNow(runNow, tournamentJobName(source), 'start').catch(() => undefined);
  })();
  return due;
}
