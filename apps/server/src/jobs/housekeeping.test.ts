import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobRuns, notificationStreams, priceRuns, rateLimits, sessions, users, verifications } from '../db/schema/index';
import { createTestDatabase, testLog } from '../testing/test-app';
import { housekeepingJob, RATE_LIMIT_STALE_MS } from './housekeeping';
import { ALL_JOBS, jobsFromEnv, scheduleVariable } from './jobs';
import { createScheduler } from './scheduler';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('housekeeping job', () => {
  it('deletes expired sessions and tokens, stale rate-limit rows, dead processes\' streams and old job runs, and keeps the rest', async () => {
    const { db } = database;
    const hour = 60 * 60 * 1000;
    const past = new Date(Date.now() - hour);
    const future = new Date(Date.now() + hour);
    await db.insert(users).values({ id: 'u1', name: 'Nami', email: 'nami@example.com' });
    await db.insert(sessions).values([
      { id: 's-old', token: 't-old', userId: 'u1', expiresAt: past },
      { id: 's-live', token: 't-live', userId: 'u1', expiresAt: future },
    ]);
    await db.insert(verifications).values([
      { id: 'v-old', identifier: 'reset', value: 'x', expiresAt: past },
      { id: 'v-old2', identifier: 'verify', value: 'y', expiresAt: past },
      { id: 'v-live', identifier: 'verify', value: 'z', expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { id: 'r-old', key: 'old', count: 3, lastRequest: Date.now() - RATE_LIMIT_STALE_MS - hour },
      { id: 'r-live', key: 'live', count: 1, lastRequest: Date.now() - hour },
    ]);
    await db.insert(notificationStreams).values([
      { id: 'n-dead', userId: 'u1', seenAt: new Date(Date.now() - 2 * hour) },
      { id: 'n-live', userId: 'u1' },
    ]);
    // A price run a killed process left running two hours ago, and one running now.
    await db.insert(priceRuns).values([
      { source: 'tcgcsv', market: 'us', day: '2026-11-27', trigger: 'cli', status: 'running', startedAt: new Date(Date.now() - 2 * hour) },
      { source: 'cardmarket', market: 'eu', day: '2026-11-28', trigger: 'schedule', status: 'running' },
    ]);
    await db.insert(jobRuns).values([
      { job: 'someone', status: 'succeeded', startedAt: sql`now() - interval '31 days'`, finishedAt: sql`now() - interval '31 days'` },
      { job: 'someone', status: 'succeeded', startedAt: sql`now() - interval '29 days'`, finishedAt: sql`now() - interval '29 days'` },
    ]);

    const scheduler = createScheduler({ database, log: testLog, jobs: [housekeepingJob] });
    const result = await scheduler.runNow('housekeeping');
    expect(result).toMatchObject({ status: 'succeeded', counts: { sessions: 1, verifications: 2, rateLimits: 1, notificationStreams: 1, interruptedPriceRuns: 1, jobRuns: 1 } });
    expect((await db.select({ source: priceRuns.source, status: priceRuns.status }).from(priceRuns)).sort((a, b) => a.source.localeCompare(b.source))).toEqual([
      { source: 'cardmarket', status: 'running' },
      { source: 'tcgcsv', status: 'failed' },
    ]);
    expect((await db.select({ id: notificationStreams.id }).from(notificationStreams)).map((r) => r.id)).toEqual(['n-live']);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(['s-live']);
    expect((await db.select({ id: verifications.id }).from(verifications)).map((r) => r.id)).toEqual(['v-live']);
    expect((await db.select({ id: rateLimits.id }).from(rateLimits)).map((r) => r.id)).toEqual(['r-live']);
    expect(await db.select().from(jobRuns).where(eq(jobRuns.job, 'someone'))).toHaveLength(1);
    // Its own run is recorded with the counts.
    const [own] = await db.select().from(jobRuns).where(eq(jobRuns.job, 'housekeeping'));
    expect(own).toMatchObject({ status: 'succeeded', counts: { sessions: 1, verifications: 2, rateLimits: 1, jobRuns: 1 } });
    // A second run finds nothing left.
    expect(await scheduler.runNow('housekeeping')).toMatchObject({ counts: { sessions: 0, verifications: 0, rateLimits: 0, jobRuns: 0 } });
    await scheduler.stop();
  });
});

describe('jobs from the environment', () => {
  it('runs every job by default, none with JOBS=off, the named ones with a list', () => {
    expect(jobsFromEnv({}).map((j) => j.name)).toEqual(ALL_JOBS.map((j) => j.name));
    expect(jobsFromEnv({ JOBS: 'on' })).toHaveLength(ALL_JOBS.length);
    expect(jobsFromEnv({ JOBS: 'off' })).toEqual([]);
    expect(jobsFromEnv({ JOBS: 'OFF' })).toEqual([]);
    expect(jobsFromEnv({ JOBS: ' housekeeping ' }).map((j) => j.name)).toEqual(['housekeeping']);
  });

  it('refuses unknown job names and invalid schedules with a message', () => {
    expect(() => jobsFromEnv({ JOBS: 'housekeeping,price-ingest' })).toThrow('JOBS names unknown jobs: price-ingest. Use on, off or some of: housekeeping');
    expect(() => jobsFromEnv({ JOB_HOUSEKEEPING_SCHEDULE: '61 * * * *' })).toThrow(/Job housekeeping: invalid schedule "61 \* \* \* \*"/);
  });

  it('replaces a schedule with JOB_<NAME>_SCHEDULE', () => {
    expect(scheduleVariable('price-ingest')).toBe('JOB_PRICE_INGEST_SCHEDULE');
    const [job] = jobsFromEnv({ JOB_HOUSEKEEPING_SCHEDULE: '*/5 * * * *' });
    expect(job).toMatchObject({ name: 'housekeeping', schedule: '*/5 * * * *' });
    expect(housekeepingJob.schedule).toBe('17 * * * *');
  });
});
