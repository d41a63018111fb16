/**
 * The search language under hostile queries (issue 42): each of testing/hostile-queries.ts as `q` of GET /api/cards
 * on the real library, uncached, is answered (200, or 400 QUERY_INVALID) within time, and no request holds the event
 * loop for long: the evaluation over every print gives the loop a turn (features/cards/search-context.ts). Timed:
 * the project security-timed runs this file alone; each figure is the fastest of three runs.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ErrorResponse } from '@grandline/core/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearSearchCache } from '../features/cards/cards.service';
import { HOSTILE_QUERIES } from '../testing/hostile-queries';
import { leaksInternals } from '../testing/hostile-values';
import { createSeededTestApp } from '../testing/test-app';

/** A request's bound, parsing and evaluating over the 4,845 prints and the SQL page included (tens of ms when idle). */
const REQUEST_MS = 400;
/** The longest the event loop may go without a turn during one request. */
const BLOCK_MS = 60;

let ctx: Awaited<ReturnType<typeof createSeededTestApp>>;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  // The library index and the folded texts of its prints are built once, on the first search.
  expect((await ctx.app.request('/api/cards?q=luffy')).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

/** One uncached request: its status, body, time and the longest event-loop delay seen meanwhile. */
async function measure(q: string) {
  clearSearchCache();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const res = await ctx.app.request(`/api/cards?q=${encodeURIComponent(q)}&prints=all`);
  const body = await res.text();
  const ms = performance.now() - started;
  delay.disable();
  return { status: res.status, body, ms, blockMs: delay.max / 1e6 };
}

/** The fastest of three runs (a busy machine slows one, only super-linear work slows all three). */
async function best(q: string) {
  const runs = [await measure(q), await measure(q), await measure(q)];
  return runs.reduce((a, b) => ({ ...a, ms: Math.min(a.ms, b.ms), blockMs: Math.min(a.blockMs, b.blockMs) }));
}

describe('GET /api/cards?q= under hostile queries', () => {
  it('answers each with 200 or 400 QUERY_INVALID, within time, without holding the event loop', async () => {
    const figures: string[] = [];
    for (const { name, q } of HOSTILE_QUERIES) {
      const { status, body, ms, blockMs } = await best(q);
      figures.push(`${name}: ${status} in ${ms.toFixed(1)} ms, loop held ≤ ${blockMs.toFixed(1)} ms`);
      expect([200, 400], name).toContain(status);
      if (status === 400) expect((JSON.parse(body) as ErrorResponse).error.code, name).toBe('QUERY_INVALID');
      expect(leaksInternals(body), name).toBe(false);
      expect(ms, name).toBeLessThan(REQUEST_MS);
      expect(blockMs, name).toBeLessThan(BLOCK_MS);
    }
    if (process.env.SEARCH_FIGURES) process.stdout.write(`${figures.join('\n')}\n`);
  });
});
