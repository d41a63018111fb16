import os from 'node:os';
import { Cron } from 'croner';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db, DbEvents } from '../db/client';
import { jobRuns } from '../db/schema/index';
import type { Logger } from '../lib/logger';

/** What a job's run gets: the database, its events, a logger, and a signal aborted when the server stops. */
interface JobContext {
  db: Db;
  events: DbEvents;
  log: Logger;
  /** Aborted when the scheduler stops (or the job's timeout passes): stop soon, between two pieces of work. */
  signal: AbortSignal;
}

/** What a run did, e.g. `{ sessions: 3, verifications: 12 }`; recorded in job_runs.counts. */
type JobCounts = Record<string, number>;

export interface JobDefinition {
  /** Unique, kebab-case: names the job in job_runs, in logs, in JOBS and in its advisory lock. */
  name: string;
  /** Cron pattern (croner: 5 fields, or 6 with seconds first), read in UTC. */
  schedule: string;
  /** Longest a run may take before its signal is aborted (default: none). */
  timeoutMs?: number;
  run(ctx: JobContext): Promise<JobCounts | void>;
}

type JobRunStatus = 'succeeded' | 'failed' | 'skipped';

type JobRunResult =
  | { status: JobRunStatus; runId: number; counts?: JobCounts; error?: string }
  /** Not run: a run of the same job is still going in this process, or the scheduler is stopping. */
  | { status: 'busy' | 'stopped' };

export interface Scheduler {
  readonly jobs: readonly JobDefinition[];
  /** Starts the timers of every job. */
  start(): void;
  /**
   * Runs a job now (lock, record, abort on stop). With skipIfRanWithinMs, as its timer does: skipped when a run of it
   * started that recently (database clock), i.e. another replica already ran this tick.
   */
  runNow(name: string, options?: { skipIfRanWithinMs?: number }): Promise<JobRunResult>;
  /**
   * No new runs from now on; running ones get their signal aborted and are awaited up to graceMs.
   * Resolves with the names of the jobs still running after that time (their rows stay `running` until the job's next
   * run, under the lock, marks them failed).
   */
  stop(options?: { graceMs?: number }): Promise<{ unfinished: string[] }>;
}

/** Longest error text kept in job_runs.error. */
const MAX_ERROR_LENGTH = 2000;

const errorText = (err: unknown) => {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
};

/** The advisory lock of a job (Database.tryWithLock). */
export const jobLockName = (name: string) => `job:${name}`;

const JOB_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** A pattern croner accepts, or an error naming the job. */
export function checkSchedule(name: string, schedule: string) {
  try {
    new Cron(schedule, { paused: true, timezone: 'UTC' }).stop();
  } catch (err) {
    throw new Error(`Job ${name}: invalid schedule "${schedule}" (${errorText(err)})`, { cause: err });
  }
}

/**
 * Runs named jobs on their schedules. Each run takes the job's advisory lock first, so with many replicas on one
 * PostgreSQL database a run happens once (the others record `skipped`); within a process a job never overlaps itself.
 * Every run is a job_runs row: running → succeeded (counts) or failed (error).
 */
export function createScheduler({
  database,
  log,
  jobs,
  instance = `${os.hostname()}:${process.pid}`,
}: {
  database: Pick<Database, 'db' | 'tryWithLock' | 'listen' | 'notify'>;
  log: Logger;
  jobs: readonly JobDefinition[];
  /** Names this process in job_runs.instance. */
  instance?: string;
}): Scheduler {
  const byName = new Map<string, JobDefinition>();
  for (const job of jobs) {
    if (!JOB_NAME.test(job.name)) throw new Error(`Invalid job name "${job.name}": lowercase letters, digits and -`);
    if (byName.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    checkSchedule(job.name, job.schedule);
    byName.set(job.name, job);
  }
  const { db } = database;
  const events = { listen: database.listen, notify: database.notify };
  const stopping = new AbortController();
  const running = new Map<string, Promise<JobRunResult>>();
  const timers: Cron[] = [];

  const recordSkip = async (job: JobDefinition) => {
    const [row] = await db
      .insert(jobRuns)
      .values({ job: job.name, instance, status: 'skipped', finishedAt: sql`now()` })
      .returning({ id: jobRuns.id });
    return { status: 'skipped' as const, runId: row!.id };
  };

  async function execute(job: JobDefinition, skipIfRanWithinMs?: number): Promise<JobRunResult> {
    const jobLog = log.child({ job: job.name });
    const locked = await database.tryWithLock(jobLockName(job.name), async (): Promise<JobRunResult> => {
      // The lock only keeps runs apart: a replica whose timer fires a little later (load, clock skew) would find it
      // free once the first run ended, so a tick counts as done when a run started within half its interval.
      if (skipIfRanWithinMs) {
        const recent = await db
          .select({ id: jobRuns.id })
          .from(jobRuns)
          .where(
            and(
              eq(jobRuns.job, job.name),
              sql`${jobRuns.status} <> 'skipped'`,
              sql`${jobRuns.startedAt} >= now() - make_interval(secs => ${skipIfRanWithinMs / 1000})`,
            ),
          )
          .limit(1);
        if (recent.length) {
          jobLog.debug('job skipped: another process ran it at this time');
          return recordSkip(job);
        }
      }
      // Holding the lock, nobody else runs this job: rows still `running` are from a process that died or was cut off.
      await db
        .update(jobRuns)
        .set({ status: 'failed', finishedAt: sql`now()`, error: 'interrupted: the process stopped during the run' })
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.status, 'running')));
      const [row] = await db.insert(jobRuns).values({ job: job.name, instance, status: 'running' }).returning({ id: jobRuns.id });
      const runId = row!.id;
      const signal = job.timeoutMs ? AbortSignal.any([stopping.signal, AbortSignal.timeout(job.timeoutMs)]) : stopping.signal;
      const started = performance.now();
      let result: JobRunResult;
      try {
        signal.throwIfAborted();
        const counts = (await job.run({ db, events, log: jobLog, signal })) ?? {};
        result = { status: 'succeeded', runId, counts };
      } catch (err) {
        const reason = signal.aborted ? `aborted (${stopping.signal.aborted ? 'the server is stopping' : 'time-out'}): ${errorText(err)}` : errorText(err);
        result = { status: 'failed', runId, error: reason };
        jobLog.error({ err, runId }, 'job failed');
      }
      await db
        .update(jobRuns)
        .set({ status: result.status, finishedAt: sql`now()`, counts: result.counts ?? null, error: result.error ?? null })
        .where(eq(jobRuns.id, runId));
      const ms = Math.round(performance.now() - started);
      if (result.status === 'succeeded') jobLog.info({ runId, ms, counts: result.counts }, 'job done');
      return result;
    });
    if (locked.acquired) return locked.value;
    jobLog.debug('job skipped: another process holds its lock');
    return recordSkip(job);
  }

  function runNow(name: string, { skipIfRanWithinMs }: { skipIfRanWithinMs?: number } = {}): Promise<JobRunResult> {
    const job = byName.get(name);
    if (!job) return Promise.reject(new Error(`No job named ${name}`));
    if (stopping.signal.aborted) return Promise.resolve({ status: 'stopped' });
    if (running.has(name)) {
      log.warn({ job: name }, 'job still running from its previous start: this start is left out');
      return Promise.resolve({ status: 'busy' });
    }
    const run = execute(job, skipIfRanWithinMs).finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  return {
    jobs,
    start() {
      if (stopping.signal.aborted) throw new Error('The scheduler is stopped');
      for (const job of jobs) {
        timers.push(
          new Cron(job.schedule, { timezone: 'UTC' }, (self: Cron) => {
            const next = self.nextRun();
            const intervalMs = next ? next.getTime() - Date.now() : 60_000;
            runNow(job.name, { skipIfRanWithinMs: Math.max(500, Math.floor(intervalMs / 2)) }).catch((err: unknown) =>
              log.error({ err, job: job.name }, 'job could not run'),
            );
          }),
        );
      }
      log.info({ jobs: jobs.map((j) => `${j.name} (${j.schedule})`) }, 'jobs scheduled');
    },
    runNow,
    async stop({ graceMs = 5_000 } = {}) {
      for (const timer of timers) timer.stop();
      timers.length = 0;
      stopping.abort(new Error('The server is stopping'));
      if (!running.size) return { unfinished: [] };
      let timer: NodeJS.Timeout | undefined;
      const settled = Promise.allSettled([...running.values()]);
      await Promise.race([settled, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
      const unfinished = [...running.keys()];
      if (unfinished.length) log.warn({ jobs: unfinished, graceMs }, 'jobs still running at shutdown');
      return { unfinished };
    },
  };
}
