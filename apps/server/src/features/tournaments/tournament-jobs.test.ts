import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { jobRuns, tournamentRuns } from '../../db/schema/index';
import { jobsFromEnv } from '../../jobs/jobs';
import { createScheduler } from '../../jobs/scheduler';
import { DEFAULT_TOURNAMENT_CONFIG, type TournamentConfig } from '../../lib/tournament-config';
import { startFeedServer, type FeedServer } from '../../testing/feed-server';
import { limitlessRoutes, mirrorTournaments } from '../../testing/limitless-mirror';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { runTournamentJobNow, startTournamentJobs, tournamentJobs } from './tournament-jobs';

let database: Database;
let server: FeedServer;
let config: TournamentConfig;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  server = await startFeedServer(limitlessRoutes(mirrorTournaments({ count: 2, standings: 2 }), { pageSize: 50 }));
  config = { ...DEFAULT_TOURNAMENT_CONFIG, sources: ['limitless'], cron: '15 3 * * *', limitlessBaseUrl: `${server.url}/api`, pauseMs: 0, backoffMs: 1, timeoutMs: 10_000 };
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate tournaments, tournament_runs, job_runs cascade`);
  await database.db.execute(sql`delete from decks where user_id is null`);
});

describe('the tournament job (jobs seam)', () => {
  it('is one job per configured source on TOURNAMENT_FETCH_CRON, none without a source, and JOBS can name it', () => {
    expect(tournamentJobs(config).map((j) => [j.name, j.schedule])).toEqual([['tournaments-limitless', '15 3 * * *']]);
    expect(tournamentJobs(DEFAULT_TOURNAMENT_CONFIG)).toEqual([]);
    expect(jobsFromEnv({ JOBS: 'tournaments-limitless' }, tournamentJobs(config)).map((j) => j.name)).toEqual(['tournaments-limitless']);
  });

  it("runs under the scheduler's lock, recording why it ran, and fails a run a stopped process left running", async () => {
    const scheduler = createScheduler({ database, log: testLog, jobs: tournamentJobs(config) });
    const [left] = await database.db.insert(tournamentRuns).values({ source: 'limitless', trigger: 'schedule', status: 'running' }).returning();
    const result = await runTournamentJobNow(scheduler.runNow, 'tournaments-limitless', 'admin');
    expect(result).toMatchObject({ status: 'succeeded', counts: { tournaments: 2, standings: 4, failed: 0 } });
    const runs = await database.db.select().from(tournamentRuns).orderBy(tournamentRuns.id);
    expect(runs.map((r) => [r.id === left!.id ? 'left' : 'new', r.trigger, r.status])).toEqual([
      ['left', 'schedule', 'failed'],
      ['new', 'admin', 'succeeded'],
    ]);
    expect(await database.db.select({ status: jobRuns.status }).from(jobRuns).where(eq(jobRuns.job, 'tournaments-limitless'))).toEqual([{ status: 'succeeded' }]);
    // Its timer's own runs say `schedule`.
    await scheduler.runNow('tournaments-limitless');
    const [last] = await database.db.select().from(tournamentRuns).orderBy(sql`${tournamentRuns.id} desc`).limit(1);
    expect(last).toMatchObject({ trigger: 'schedule', status: 'succeeded', counts: { tournaments: 0, standings: 0, skipped: 0, unmatched: 0, failed: 0 } });
    await scheduler.stop();
  });

  it('at start, runs a source once in the background when it has no successful run today, and not again', async () => {
    const scheduler = createScheduler({ database, log: testLog, jobs: tournamentJobs(config) });
    const asked: Promise<unknown>[] = [];
    const runNow = (name: string) => {
      const run = scheduler.runNow(name);
      asked.push(run);
      return run;
    };
    expect(await startTournamentJobs({ config, db: database.db, runNow })).toEqual(['limitless']);
    await expect.poll(() => asked.length).toBe(1);
    await Promise.all(asked);
    const [run] = await database.db.select().from(tournamentRuns);
    expect(run).toMatchObject({ trigger: 'start', status: 'succeeded' });
    expect(await startTournamentJobs({ config, db: database.db, runNow })).toEqual([]);
    expect(await startTournamentJobs({ config: DEFAULT_TOURNAMENT_CONFIG, db: database.db, runNow })).toEqual([]);
    expect(asked).toHaveLength(1);
    await scheduler.stop();
  });
});
