import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { decks, tournamentListGaps, tournamentRuns, tournaments, tournamentStandings } from '../../db/schema/index';
import { DEFAULT_TOURNAMENT_CONFIG, type TournamentConfig } from '../../lib/tournament-config';
import { startFeedServer, type FeedServer } from '../../testing/feed-server';
import { limitlessRoutes, limitlessStanding, mirrorTournaments, REAL_LISTS } from '../../testing/limitless-mirror';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { tournamentsGeneration, TOURNAMENTS_CHANNEL } from './ingest.service';
import { runTournamentSource } from './tournament-runs.service';

/*
 * The Limitless fetcher on a local mirror (testing/limitless-mirror.ts): its standings are real published decklists
 * (features/decks/fixtures/tournament-decklists.json, each citing its event and source page).
 */

let database: Database;
let server: FeedServer;
let config: TournamentConfig;
const notified: string[] = [];
const events = {
  listen: () => Promise.resolve(() => Promise.resolve()),
  notify: (channel: string) => {
    notified.push(channel);
    return Promise.resolve();
  },
};

const run = (overrides: Partial<TournamentConfig> = {}) =>
  runTournamentSource({ db: database.db, events, log: testLog, config: { ...config, ...overrides }, source: 'limitless', trigger: 'admin' });
const rows = async () => ({
  tournaments: (await database.db.select({ n: count() }).from(tournaments))[0]!.n,
  standings: (await database.db.select({ n: count() }).from(tournamentStandings))[0]!.n,
  lists: (await database.db.select({ n: count() }).from(decks).where(sql`${decks.userId} is null`))[0]!.n,
});
/** Starts the mirror afresh with these answers. */
async function mirror(routes: Parameters<typeof startFeedServer>[0]) {
  await server?.close();
  server = await startFeedServer(routes);
  config = { ...DEFAULT_TOURNAMENT_CONFIG, sources: ['limitless'], limitlessBaseUrl: `${server.url}/api`, pageSize: 2, pauseMs: 0, backoffMs: 1, timeoutMs: 10_000 };
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate tournaments, tournament_runs cascade`);
  await database.db.execute(sql`delete from decks where user_id is null`);
  notified.length = 0;
});

describe('the Limitless fetcher', () => {
  it('pages until a short page, reads each tournament it lacks with the access key, and stores its real lists', async () => {
    const list = mirrorTournaments({ count: 5, standings: 3 });
    await mirror(limitlessRoutes(list, { pageSize: 2 }));
    const generation = tournamentsGeneration();
    const summary = await run({ limitlessApiKey: 'secret-key' });
    expect(summary).toMatchObject({ status: 'succeeded', counts: { tournaments: 5, standings: 15, skipped: 0, unmatched: 0, failed: 0 }, error: null });
    const pages = server.requests.filter((r) => r.startsWith('/api/tournaments?'));
    expect(pages).toEqual([1, 2, 3].map((p) => `/api/tournaments?game=OP&limit=2&page=${p}`));
    expect(server.requests.filter((r) => r.endsWith('/details'))).toHaveLength(5);
    for (const [path, headers] of server.headers) expect(headers['x-access-key'], path).toBe('secret-key');
    expect(await rows()).toEqual({ tournaments: 5, standings: 15, lists: 15 });
    // The first list dealt is Columbus Regionals' winning Zoro (egmanevents.com): its 50 cards, leader OP01-001.
    const [first] = await database.db.select().from(tournamentStandings).where(eq(tournamentStandings.tournamentId, list[0]!.id)).orderBy(tournamentStandings.placing);
    expect(first).toMatchObject({ placing: 1, leaderNumber: REAL_LISTS[0]!.leader });
    const stored = JSON.stringify(await database.db.select().from(tournamentStandings));
    for (const personal of ['Invented Player', 'invented-', '"BR"']) expect(stored).not.toContain(personal);
    const [runRow] = await database.db.select().from(tournamentRuns);
    expect(runRow).toMatchObject({ source: 'limitless', trigger: 'admin', status: 'succeeded', counts: summary.counts });
    expect(tournamentsGeneration()).toBeGreaterThan(generation);
    expect(notified).toEqual([TOURNAMENTS_CHANNEL]);
  });

  it('reads an empty page after a full one, sends no key when none is set, and stops at the cap of a run', async () => {
    const list = mirrorTournaments({ count: 4, standings: 1 });
    await mirror(limitlessRoutes(list, { pageSize: 2 }));
    expect((await run()).counts.tournaments).toBe(4);
    expect(server.requests.filter((r) => r.startsWith('/api/tournaments?'))).toHaveLength(3);
    expect([...server.headers.values()].some((h) => 'x-access-key' in h)).toBe(false);

    await database.db.execute(sql`truncate tournaments, tournament_runs cascade`);
    server.requests.length = 0;
    const capped = await run({ maxPerRun: 3 });
    expect(capped.counts.tournaments).toBe(3);
    // The newest three, and no page past the one that filled the cap.
    expect(server.requests.filter((r) => r.startsWith('/api/tournaments?'))).toHaveLength(2);
    expect((await database.db.select({ id: tournaments.id }).from(tournaments)).map((r) => r.id).sort()).toEqual(list.slice(0, 3).map((t) => t.id).sort());
  });

  it('stops listing at a page that brings no tournament it has not seen (a source that ignores the page asked)', async () => {
    const list = mirrorTournaments({ count: 3, standings: 1 });
    const routes = limitlessRoutes(list, { pageSize: 2 });
    // Every page answers the whole list: never a short page.
    const whole = limitlessRoutes(list, { pageSize: list.length })[`/api/tournaments?game=OP&limit=${list.length}&page=1`]!;
    for (let page = 1; page <= 20; page++) routes[`/api/tournaments?game=OP&limit=2&page=${page}`] = whole;
    await mirror(routes);
    const result = await run();
    expect(result).toMatchObject({ status: 'succeeded', counts: { tournaments: 3, failed: 0 } });
    expect(server.requests.filter((r) => r.startsWith('/api/tournaments?'))).toEqual([1, 2].map((p) => `/api/tournaments?game=OP&limit=2&page=${p}`));
  });

  it('skips a standing without a decklist, and keeps an unknown card number as a gap', async () => {
    const [t] = mirrorTournaments({ count: 1, standings: 3 });
    const withGap = limitlessStanding(REAL_LISTS[5]!, 2, 3);
    withGap.decklist.character.push({ count: 2, set: 'OP99', number: '999', name: 'A card the library lacks' });
    const unpublished = { ...limitlessStanding(REAL_LISTS[6]!, 3, 3), decklist: undefined };
    t!.standings = [t!.standings[0], withGap, unpublished];
    await mirror(limitlessRoutes([t!], { pageSize: 2 }));
    expect((await run()).counts).toEqual({ tournaments: 1, standings: 2, skipped: 1, unmatched: 1, failed: 0 });
    expect(await database.db.select().from(tournamentListGaps)).toEqual([
      { tournamentId: t!.id, placing: 2, cardNumber: 'OP99-999', name: 'A card the library lacks', quantity: 2, section: 'character' },
    ]);
  });

  it('stores nothing new when run again: it reads the list, and no tournament it already has', async () => {
    await mirror(limitlessRoutes(mirrorTournaments({ count: 3, standings: 2 }), { pageSize: 2 }));
    await run();
    const before = await rows();
    server.requests.length = 0;
    notified.length = 0;
    const again = await run();
    expect(again).toMatchObject({ status: 'succeeded', counts: { tournaments: 0, standings: 0, skipped: 0, unmatched: 0, failed: 0 } });
    expect(server.requests.every((r) => r.startsWith('/api/tournaments?'))).toBe(true);
    expect(await rows()).toEqual(before);
    expect(notified).toEqual([]);
  });

  it('fails the run when the source stops answering, and keeps what was stored', async () => {
    const list = mirrorTournaments({ count: 3, standings: 2 });
    await mirror(limitlessRoutes(list.slice(1), { pageSize: 2 }));
    await run();
    const before = await rows();
    // The list now names a newer tournament, whose standings never come.
    await mirror({ ...limitlessRoutes(list, { pageSize: 2 }), [`/api/tournaments/${list[0]!.id}/standings`]: { hang: true } });
    const failed = await run({ timeoutMs: 200 });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/standings: no answer within 200 ms/);
    expect(await rows()).toEqual(before);
    // The listing itself timing out: failed too, nothing touched.
    await mirror({ '/api/tournaments': { hang: true } });
    expect(await run({ timeoutMs: 200 })).toMatchObject({ status: 'failed', error: expect.stringMatching(/no answer within 200 ms/) as unknown });
    expect(await rows()).toEqual(before);
    const statuses = await database.db.select({ status: tournamentRuns.status }).from(tournamentRuns).orderBy(tournamentRuns.id);
    expect(statuses.map((s) => s.status)).toEqual(['succeeded', 'failed', 'failed']);
  });

  it('counts a tournament whose documents are wrong as failed, and stores the others', async () => {
    const list = mirrorTournaments({ count: 3, standings: 2 });
    await mirror({
      ...limitlessRoutes(list, { pageSize: 2 }),
      [`/api/tournaments/${list[1]!.id}/details`]: { json: { id: list[1]!.id, name: 'No date' } },
      [`/api/tournaments/${list[2]!.id}/standings`]: { status: 404 },
    });
    const summary = await run();
    expect(summary).toMatchObject({ status: 'succeeded', counts: { tournaments: 1, standings: 2, failed: 2 } });
    expect(summary.error).toMatch(/^2 tournament\(s\) could not be read: .*not a tournament: date.*; .*HTTP 404/);
  });

  it('waits out a rate limit (429) and then reads on', async () => {
    const list = mirrorTournaments({ count: 1, standings: 2 });
    const details = limitlessRoutes(list, { pageSize: 2 })[`/api/tournaments/${list[0]!.id}/details`]!;
    await mirror({ ...limitlessRoutes(list, { pageSize: 2 }), [`/api/tournaments/${list[0]!.id}/details`]: { sequence: [{ status: 429, headers: { 'Retry-After': '0' } }, details] } });
    expect(await run()).toMatchObject({ status: 'succeeded', counts: { tournaments: 1, standings: 2 } });
    expect(server.requests.filter((r) => r.endsWith('/details'))).toHaveLength(2);
  });

  it('pauses between two requests (politely: the source allows about 50 in 5 minutes)', async () => {
    await mirror(limitlessRoutes(mirrorTournaments({ count: 1, standings: 1 }), { pageSize: 2 }));
    const started = performance.now();
    await run({ pauseMs: 100 });
    // Three requests: the page, the details, the standings; two pauses between them.
    expect(server.requests).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });
});
