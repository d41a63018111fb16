import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { refreshDemoPrices } from './demo.service';
import { csvFeed } from './feeds';
import { ingestFeed } from './ingest.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
}, 60_000);
afterAll(async () => {
  await database.close();
});

/** Counts the turns the event loop gives other work while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const other = (async () => {
    while (!done) {
      await nextTurn();
      turns++;
    }
  })();
  const result = await work();
  done = true;
  await other;
  return { result, turns };
}

/**
 * The embedded database runs its statements on the server's one thread and resolves each in a microtask: an ingest
 * that only awaited its statements answered no other request until it was done (a price file of every print held the
 * event loop 450–850 ms, the day's demo prices a second or two). They now give the loop a turn between their steps and
 * between statements of 250 rows (lib/cooperative.ts writeInTurns).
 */
describe('price writes share the event loop', () => {
  it('lets other work run between its inserts: a price for every print of the real library', async () => {
    const index = await catalogueIndex(database.db);
    const lines = ['card_number;variant;min;avg;max;currency'];
    for (const card of index.byId.values()) lines.push(`${card.cardNumber};${card.variant ?? ''};1,50;2,00;3,00;USD`);
    const feed = csvFeed(lines.join('\n'), 'us');
    // Another request's work, as the event loop would run it: one step a turn, counted until the ingest ends.
    const { result: run, turns } = await turnsDuring(() => ingestFeed({ db: database.db, log: testLog, feed, day: '2026-05-01', trigger: 'cli' }));
    expect(run.status).toBe('succeeded');
    // Every print but the few whose number and variant another print shares (a price file names prints by those).
    expect(run.rows).toBeGreaterThan(index.byId.size - 10);
    // The day's prices and the latest ones, each in inserts of 250: at least one turn after each.
    expect(turns).toBeGreaterThanOrEqual(2 * Math.ceil(run.rows / 250));
  }, 60_000);

  it("lets other work run while the day's demo prices are written (every print in every demo market)", async () => {
    const { result: written, turns } = await turnsDuring(() => refreshDemoPrices(database.db, '2026-05-02'));
    expect(written).toBeGreaterThan(4_800);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(written / 250));
  }, 60_000);
});
