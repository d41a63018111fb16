import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { jobRuns } from '../db/schema/index';
import { createScratchPgDatabase, createTestDatabase, testLog } from '../testing/test-app';
import { createScheduler, jobLockName, type JobDefinition } from './scheduler';

/** Two handles on one fresh database: two pools on PostgreSQL (as two replicas have), one PGlite shared otherwise. */
async function twoHandles(): Promise<{ a: Database; b: Database; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const a = await createTestDatabase();
    return { a, b: a, close: () => a.close() };
  }
  const scratch = await createScratchPgDatabase(url);
  const a = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 3 });
  await a.migrate();
  const b = await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: 3 });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}

/** A promise with its resolve, to hold a job in its run until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const job = (name: string, run: JobDefinition['run'], extra: Partial<JobDefinition> = {}): JobDefinition => ({ name, schedule: '0 0 1 1 *', run, ...extra });

let handles: Awaited<ReturnType<typeof twoHandles>>;
let database: Database;
beforeAll(async () => {
  handles = await twoHandles();
  database = handles.a;
});
afterAll(() => handles?.close());

const rowsOf = (name: string) => database.db.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(jobRuns.id);

describe('scheduler', () => {
  it('records a run: running while it runs, then succeeded with its counts', async () => {
    const held = gate();
    const started = gate();
    const scheduler = createScheduler({
      database,
      log: testLog,
      instance: 'test-a',
      jobs: [
        job('count-things', async () => {
          started.open();
          await held.opened;
          return { things: 3, others: 0 };
        }),
      ],
    });
    const run = scheduler.runNow('count-things');
    await started.opened;
    const during = await rowsOf('count-things');
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ status: 'running', instance: 'test-a', finishedAt: null });
    held.open();
    const result = await run;
    expect(result).toMatchObject({ status: 'succeeded', counts: { things: 3, others: 0 } });
    const [row] = await rowsOf('count-things');
    expect(row).toMatchObject({ status: 'succeeded', counts: { things: 3, others: 0 }, error: null });
    expect(row!.finishedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt.getTime());
    await scheduler.stop();
  });

  it('records a failure with its error, and the next run still happens', async () => {
    let calls = 0;
    const scheduler = createScheduler({
      database,
      log: testLog,
      jobs: [
        job('fails-once', async () => {
          calls += 1;
          if (calls === 1) throw new Error('price source answered 503');
          return { ok: 1 };
        }),
      ],
    });
    expect(await scheduler.runNow('fails-once')).toMatchObject({ status: 'failed', error: 'price source answered 503' });
    expect(await scheduler.runNow('fails-once')).toMatchObject({ status: 'succeeded' });
    const rows = await rowsOf('fails-once');
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['failed', 'price source answered 503'],
      ['succeeded', null],
    ]);
    expect(rows[0]!.finishedAt).not.toBeNull();
    await scheduler.stop();
  });

  it('skips, and records skipped, while the job lock is held elsewhere', async () => {
    let ran = 0;
    const scheduler = createScheduler({ database, log: testLog, jobs: [job('locked-job', async () => void (ran += 1))] });
    const outcome = await database.tryWithLock(jobLockName('locked-job'), () => scheduler.runNow('locked-job'));
    expect(outcome).toMatchObject({ acquired: true, value: { status: 'skipped' } });
    expect(ran).toBe(0);
    const rows = await rowsOf('locked-job');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'skipped', counts: null, error: null });
    expect(rows[0]!.finishedAt).not.toBeNull();
    // Once the lock is free the job runs.
    expect(await scheduler.runNow('locked-job')).toMatchObject({ status: 'succeeded' });
    expect(ran).toBe(1);
    await scheduler.stop();
  });

  it('runs a job once when two scheduler instances (two replicas) start it together', async () => {
    const held = gate();
    let runs = 0;
    const definition = job('once-only', async () => {
      runs += 1;
      await held.opened;
      return { runs };
    });
    const first = createScheduler({ database: handles.a, log: testLog, instance: 'replica-1', jobs: [definition] });
    const second = createScheduler({ database: handles.b, log: testLog, instance: 'replica-2', jobs: [definition] });
    const one = first.runNow('once-only');
    // The first has its row once it holds the lock; then the second tries.
    await expect.poll(async () => (await rowsOf('once-only')).length, { timeout: 20_000 }).toBe(1);
    const two = await second.runNow('once-only');
    expect(two.status).toBe('skipped');
    held.open();
    expect((await one).status).toBe('succeeded');
    expect(runs).toBe(1);
    const rows = await rowsOf('once-only');
    expect(rows.map((r) => [r.instance, r.status]).sort()).toEqual([
      ['replica-1', 'succeeded'],
      ['replica-2', 'skipped'],
    ]);
    // The lock is free again: the other replica can run it now.
    expect((await second.runNow('once-only')).status).toBe('succeeded');
    await Promise.all([first.stop(), second.stop()]);
  });

  it('runs a timer tick once across replicas even when one fires after the other has finished', async () => {
    let runs = 0;
    const definition = job('tick-job', async () => ({ runs: ++runs }));
    const first = createScheduler({ database: handles.a, log: testLog, instance: 'replica-1', jobs: [definition] });
    const second = createScheduler({ database: handles.b, log: testLog, instance: 'replica-2', jobs: [definition] });
    // As the timers call it, for a schedule of one run a minute (a run within the last 30 s counts as this tick's).
    expect((await first.runNow('tick-job', { skipIfRanWithinMs: 30_000 })).status).toBe('succeeded');
    expect((await second.runNow('tick-job', { skipIfRanWithinMs: 30_000 })).status).toBe('skipped');
    expect(runs).toBe(1);
    // Without the tick window (a run by hand) it runs again.
    expect((await second.runNow('tick-job')).status).toBe('succeeded');
    expect(runs).toBe(2);
    const rows = await rowsOf('tick-job');
    expect(rows.map((r) => [r.instance, r.status])).toEqual([
      ['replica-1', 'succeeded'],
      ['replica-2', 'skipped'],
      ['replica-2', 'succeeded'],
    ]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('never overlaps a job with itself in one process', async () => {
    const held = gate();
    let runs = 0;
    const scheduler = createScheduler({
      database,
      log: testLog,
      jobs: [
        job('slow-job', async () => {
          runs += 1;
          await held.opened;
        }),
      ],
    });
    const first = scheduler.runNow('slow-job');
    expect(await scheduler.runNow('slow-job')).toEqual({ status: 'busy' });
    held.open();
    expect((await first).status).toBe('succeeded');
    expect(runs).toBe(1);
    expect(await rowsOf('slow-job')).toHaveLength(1);
    await scheduler.stop();
  });

  it('aborts running jobs on stop, records them failed, and starts nothing afterwards', async () => {
    const started = gate();
    let sawAbort = false;
    const scheduler = createScheduler({
      database,
      log: testLog,
      jobs: [
        job('long-job', async ({ signal }) => {
          started.open();
          await new Promise<void>((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              sawAbort = true;
              reject(signal.reason as Error);
            });
          });
        }),
      ],
    });
    const run = scheduler.runNow('long-job');
    await started.opened;
    const t0 = performance.now();
    expect(await scheduler.stop({ graceMs: 20_000 })).toEqual({ unfinished: [] });
    // Generous bound: the job ends on the abort, long before the grace time.
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(sawAbort).toBe(true);
    expect(await run).toMatchObject({ status: 'failed', error: expect.stringContaining('aborted (the server is stopping)') });
    const [row] = await rowsOf('long-job');
    expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('aborted') });
    expect(await scheduler.runNow('long-job')).toEqual({ status: 'stopped' });
    expect(await rowsOf('long-job')).toHaveLength(1);
  });

  it('reports a job that ignores the abort as unfinished after the grace time', async () => {
    const held = gate();
    const started = gate();
    const scheduler = createScheduler({
      database,
      log: testLog,
      jobs: [
        job('stubborn-job', async () => {
          started.open();
          await held.opened;
        }),
      ],
    });
    const run = scheduler.runNow('stubborn-job');
    await started.opened;
    expect(await scheduler.stop({ graceMs: 50 })).toEqual({ unfinished: ['stubborn-job'] });
    held.open();
    await run;
  });

  it('marks a run left running by a process that died as failed, under the lock, at the next run', async () => {
    await database.db.insert(jobRuns).values({ job: 'crashy-job', instance: 'gone:1', status: 'running' });
    const scheduler = createScheduler({ database, log: testLog, jobs: [job('crashy-job', async () => ({ n: 1 }))] });
    await scheduler.runNow('crashy-job');
    const rows = await rowsOf('crashy-job');
    expect(rows.map((r) => [r.instance, r.status])).toEqual([
      ['gone:1', 'failed'],
      [expect.any(String), 'succeeded'],
    ]);
    expect(rows[0]!.error).toMatch(/interrupted/);
    await scheduler.stop();
  });

  it('fires jobs on their cron schedule once started, and stops firing when stopped', async () => {
    let runs = 0;
    const scheduler = createScheduler({ database, log: testLog, jobs: [job('every-second', async () => void (runs += 1), { schedule: '* * * * * *' })] });
    scheduler.start();
    await expect.poll(() => runs, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(1);
    await scheduler.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toBe(after);
    const rows = await rowsOf('every-second');
    expect(rows.length).toBe(after);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  });

  it('refuses bad definitions: invalid names, duplicate names, invalid schedules', () => {
    const ok = job('fine', async () => undefined);
    expect(() => createScheduler({ database, log: testLog, jobs: [{ ...ok, name: 'Bad Name' }] })).toThrow(/Invalid job name/);
    expect(() => createScheduler({ database, log: testLog, jobs: [ok, ok] })).toThrow(/Two jobs are named fine/);
    expect(() => createScheduler({ database, log: testLog, jobs: [{ ...ok, schedule: 'every day' }] })).toThrow(/Job fine: invalid schedule "every day"/);
  });
});
