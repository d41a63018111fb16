import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../testing/feed-server';
import { fetchJson, retryAfterMs } from './fetch-json';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
});

describe('fetchJson and a rate limit (429 with Retry-After)', () => {
  it('waits what Retry-After asks before the next attempt, not its own short back-off', async () => {
    server.set('/limited', { sequence: [{ status: 429, headers: { 'Retry-After': '1' } }, { json: { ok: true } }] });
    const started = performance.now();
    // A 10 ms back-off: without Retry-After the second attempt would come at once, and meet the limit again.
    expect(await fetchJson(`${server.url}/limited`, { timeoutMs: 2_000, retries: 2, backoffMs: 10 })).toEqual({ ok: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests.filter((r) => r === '/limited')).toHaveLength(2);
  });

  it('gives up at once when the source asks for a longer wait than the cap, naming it', async () => {
    server.set('/closed', { status: 429, headers: { 'Retry-After': '3600' } });
    await expect(fetchJson(`${server.url}/closed`, { timeoutMs: 2_000, retries: 3, backoffMs: 10, maxRetryAfterMs: 60_000 })).rejects.toThrow(
      /HTTP 429, asked to wait 3600 s \(more than 60 s\)/,
    );
    expect(server.requests.filter((r) => r === '/closed')).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-09-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Sep 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 01 Sep 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
