/**
 * The read API of tournaments and the meta (issue 43) on an invented, hand-checked sample: the list and a tournament,
 * the Leaders of a window (shares, records, win rates, the tie-breaks, the weekly trend), a Leader's consensus and
 * lists, the defaults, the 400s and 404s, and the cache (dropped by an ingest and by another replica's notice).
 * Real published lists: meta-real.test.ts.
 */
import type { DeckDetail } from '@grandline/core/contracts/decks';
import type { MetaLeaderDetail, MetaLeadersResponse, TournamentDetail, TournamentListResponse } from '@grandline/core/contracts/tournaments';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { cards, tournamentStandings } from '../../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';
import { storeTournament, TOURNAMENTS_CHANNEL } from '../tournaments/ingest.service';
import { listenForTournamentChanges, MAX_ENTRIES, metaCacheSize } from './meta-cache';
import { metaLeaders } from './meta.service';
import { addDays, utcToday } from './meta-window';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;
const get = async <T>(path: string, headers: Record<string, string> = {}) => {
  const res = await ctx.app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as T };
};

type Line = [number: string, count: number, name?: string];
/** A standing as the Limitless API publishes it (the player's name, id and country are read past). */
const standing = (placing: number, leader: string, lines: Line[], record?: [number, number, number], leaderName = '') => ({
  name: `Player ${placing}`,
  player: `p${placing}`,
  country: 'BR',
  placing,
  ...(record ? { record: { wins: record[0], losses: record[1], ties: record[2] } } : {}),
  decklist: { leader: { set: '', number: leader, name: leaderName }, character: lines.map(([number, count, name]) => ({ count, set: '', number, name: name ?? '' })), event: [], stage: [] },
});
const store = (id: string, date: string, name: string, standings: unknown[], players = 32) => storeTournament(ctx.db, 'import', { id, game: 'OP', format: null, name, date, players }, standings);

const baseName = async (number: string) => {
  const [row] = await ctx.db.select({ name: cards.name, id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
  return row!;
};

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  cookie = await signUpVerified(ctx, 'meta-reader@example.com');
  const terms = await ctx.app.request('/api/me/accept-terms', postJson({ username: 'meta_reader', countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }));
  expect(terms.status).toBe(200);
  // Monday 2 March 2026 (ISO week of 2 March): three lists and one standing without a list.
  await store('meta-a', '2026-03-02T18:00:00Z', 'Spring Weekly', [
    standing(1, 'OP01-001', [['OP01-016', 4], ['OP01-013', 4], ['OP01-025', 2]], [3, 0, 1]),
    standing(2, 'OP05-060', [['OP05-067', 4]], [2, 1, 0]),
    standing(3, 'OP01-001', [['OP01-016', 4], ['OP01-025', 4]], [2, 2, 0]),
    { placing: 4, record: { wins: 1, losses: 2, ties: 0 }, decklist: null },
  ]);
  // Tuesday 10 March 2026 (week of 9 March): five lists; a Leader and a card the library lacks; two without a record.
  await store('meta-b', '2026-03-10T18:00:00Z', 'Spring Regional', [
    standing(1, 'OP05-060', [['OP05-067', 4]], [4, 0, 0]),
    standing(2, 'OP01-001', [['OP01-016', 2], ['OP01-013', 1], ['OP01-025', 1], ['op01-025', 1]]),
    standing(3, 'ZZ99-001', [['OP01-016', 4], ['ZZ99-999', 2, 'Unknown Card']], [1, 2, 0], 'Mystery Leader'),
    standing(4, 'OP11-041', [['OP01-016', 1]], [3, 0, 0]),
    standing(5, 'OP15-058', [['OP01-016', 1]]),
  ]);
  // Same day, Extra Regulation: only in format=extra and all.
  await store('meta-c', '2026-03-10T12:00:00Z', 'Extra Regulation Cup', [standing(1, 'OP01-001', [['OP01-006', 4]], [5, 0, 0])], 8);
  // A year before: outside every window below but its own.
  await store('meta-old', '2025-01-01T12:00:00Z', 'New Year Cup', [standing(1, 'OP01-001', [['OP01-016', 4]], [1, 0, 0])], 4);
}, 120_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('GET /api/tournaments', () => {
  it('lists newest first (day, then id), with the lists stored for each, filtered by window and format', async () => {
    const all = await get<TournamentListResponse>('/api/tournaments');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((t) => [t.id, t.date, t.format, t.lists])).toEqual([
      ['meta-b', '2026-03-10', 'standard', 5],
      ['meta-c', '2026-03-10', 'extra', 1],
      ['meta-a', '2026-03-02', 'standard', 3],
      ['meta-old', '2025-01-01', 'standard', 1],
    ]);
    expect(all.body.items[2]).toEqual({ id: 'meta-a', name: 'Spring Weekly', date: '2026-03-02', players: 32, format: 'standard', source: 'import', url: null, lists: 3 });
    const standard = await get<TournamentListResponse>('/api/tournaments?format=standard&from=2026-03-01&to=2026-03-31');
    expect(standard.body).toMatchObject({ total: 2, items: [{ id: 'meta-b' }, { id: 'meta-a' }] });
    const extra = await get<TournamentListResponse>('/api/tournaments?format=extra');
    expect(extra.body.items.map((t) => t.id)).toEqual(['meta-c']);
    const page = await get<TournamentListResponse>('/api/tournaments?pageSize=1&page=3');
    expect(page.body).toMatchObject({ total: 4, items: [{ id: 'meta-a' }] });
    expect((await get<TournamentListResponse>('/api/tournaments?page=9')).body).toEqual({ items: [], total: 4 });
  });

  it('answers bad parameters with a 400 that says what is wrong', async () => {
    for (const [query, text] of [
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['page=0', 'page'],
      ['format=modern', 'Choose standard, extra or all'],
      ['from=2026-02-30', 'YYYY-MM-DD'],
      ['to=yesterday', 'YYYY-MM-DD'],
      ['from=2026-03-10&to=2026-03-01', '"from" (2026-03-10) is after "to" (2026-03-01)'],
    ] as const) {
      const res = await get<{ error: { code: string; message: string } }>(`/api/tournaments?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('VALIDATION_ERROR');
      expect(res.body.error.message, query).toContain(text);
    }
  });
});

describe('GET /api/tournaments/{id}', () => {
  it('answers the tournament and its standings by placing, with the library’s Leader names and the copies it lacks', async () => {
    const { status, body } = await get<TournamentDetail>('/api/tournaments/meta-b');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'meta-b', name: 'Spring Regional', date: '2026-03-10', players: 32, format: 'standard', lists: 5 });
    const zoro = await baseName('OP01-001');
    expect(body.standings.map((s) => [s.placing, s.record, s.leader, s.unmatched])).toEqual([
      [1, { wins: 4, losses: 0, ties: 0 }, { cardNumber: 'OP05-060', name: (await baseName('OP05-060')).name }, 0],
      // No record published: 0–0–0.
      [2, { wins: 0, losses: 0, ties: 0 }, { cardNumber: 'OP01-001', name: zoro.name }, 0],
      // The library lacks the Leader (1 copy) and ZZ99-999 (2): the source's name, 3 copies unmatched.
      [3, { wins: 1, losses: 2, ties: 0 }, { cardNumber: 'ZZ99-001', name: 'Mystery Leader' }, 3],
      [4, { wins: 3, losses: 0, ties: 0 }, { cardNumber: 'OP11-041', name: (await baseName('OP11-041')).name }, 0],
      [5, { wins: 0, losses: 0, ties: 0 }, { cardNumber: 'OP15-058', name: (await baseName('OP15-058')).name }, 0],
    ]);
    // No player's name, id or country.
    expect(JSON.stringify(body)).not.toMatch(/Player \d|"p\d"|"BR"/);
  });

  it('answers 404 TOURNAMENT_NOT_FOUND for an id we lack, and 400 for one that cannot be an id', async () => {
    const missing = await get<{ error: { code: string; message: string } }>('/api/tournaments/no-such-tournament');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'TOURNAMENT_NOT_FOUND', message: 'No tournament no-such-tournament' });
    const bad = await get<{ error: { code: string } }>(`/api/tournaments/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe("a standing's published list", () => {
  it('is readable by anyone, copied into my decks as a private deck, and priced against my binders', async () => {
    const detail = await get<TournamentDetail>('/api/tournaments/meta-a');
    const deckId = detail.body.standings[0]!.deckId;
    const deck = await get<DeckDetail>(`/api/decks/${deckId}`);
    expect(deck.status).toBe(200);
    expect(deck.body).toMatchObject({ isPublic: true, owner: { username: null, isYou: false }, leader: { cardNumber: 'OP01-001' } });
    expect(deck.body.tournament).toEqual({ id: 'meta-a', name: 'Spring Weekly', date: '2026-03-02', placing: 1, record: { wins: 3, losses: 0, ties: 1 } });
    expect(deck.body.cards.map((r) => [r.card.cardNumber, r.quantity])).toEqual([
      ['OP01-016', 4],
      ['OP01-013', 4],
      ['OP01-025', 2],
    ]);

    // Copied: 201, private, mine, no tournament; the published list itself stays nobody's.
    const copied = await ctx.app.request(`/api/decks/${deckId}/copy`, postJson({}, { Cookie: cookie }));
    expect(copied.status).toBe(201);
    const copy = (await copied.json()) as DeckDetail;
    expect(copy).toMatchObject({ isPublic: false, owner: { username: 'meta_reader', isYou: true }, tournament: null, leader: { cardNumber: 'OP01-001' } });
    expect(copy.name).toBe(`Copy of ${deck.body.name}`.slice(0, 100));
    expect(copy.cards.map((r) => [r.card.cardNumber, r.quantity])).toEqual(deck.body.cards.map((r) => [r.card.cardNumber, r.quantity]));
    const mine = await get<{ items: { id: string }[] }>('/api/decks', { Cookie: cookie });
    expect(mine.body.items.map((d) => d.id)).toContain(copy.id);
    const change = await ctx.app.request(`/api/decks/${deckId}`, { ...postJson({ name: 'Mine now' }, { Cookie: cookie }), method: 'PATCH' });
    expect(change.status).toBe(404);

    // Priced: I own nothing, so every copy is missing (the Leader's one included).
    const buy = await get<{ deckId: string; missingCopies: number; items: { cardNumber: string; missing: number }[] }>(`/api/decks/${deckId}/buy-list?currency=EUR`, { Cookie: cookie });
    expect(buy.status).toBe(200);
    expect(buy.body.deckId).toBe(deckId);
    expect(buy.body.items.map((i) => [i.cardNumber, i.missing])).toEqual([
      ['OP01-001', 1],
      ['OP01-016', 4],
      ['OP01-013', 4],
      ['OP01-025', 2],
    ]);
    expect(buy.body.missingCopies).toBe(11);
  });
});

describe('GET /api/meta/leaders', () => {
  it('counts decks, shares, records and win rates, sorted by decks then win rate then number, with the weekly trend', async () => {
    const { status, body } = await get<MetaLeadersResponse>('/api/meta/leaders?from=2026-03-01&to=2026-03-14');
    expect(status).toBe(200);
    // Standard only (the default): meta-a's 3 lists and meta-b's 5.
    expect(body).toMatchObject({ from: '2026-03-01', to: '2026-03-14', format: 'standard', tournaments: 2, decks: 8 });
    expect(body.leaders.map((l) => [l.cardNumber, l.decks, l.share, l.wins, l.losses, l.ties, l.winRate, l.bestPlacing])).toEqual([
      ['OP01-001', 3, 3 / 8, 5, 2, 1, 5 / 7, 1],
      ['OP05-060', 2, 2 / 8, 6, 1, 0, 6 / 7, 1],
      // One deck each: win rate 3/3, then 1/3, then none (no game won or lost) last.
      ['OP11-041', 1, 1 / 8, 3, 0, 0, 1, 4],
      ['ZZ99-001', 1, 1 / 8, 1, 2, 0, 1 / 3, 3],
      ['OP15-058', 1, 1 / 8, 0, 0, 0, null, 5],
    ]);
    expect(body.leaders[0]!.name).toBe((await baseName('OP01-001')).name);
    expect(body.leaders[3]!.name).toBe('Mystery Leader');
    // Each leader's picture (/meta): the library's base print; none for a number the library lacks.
    expect(body.leaders[0]!.cardId).toBe((await baseName('OP01-001')).id);
    expect(body.leaders[3]!.cardId).toBeNull();
    // Weeks: 1 March is a Sunday (week of 23 February); 3 decks in the week of 2 March, 5 in that of 9 March.
    expect(body.leaders[0]!.weeks).toEqual([
      { week: '2026-02-23', decks: 0, share: 0 },
      { week: '2026-03-02', decks: 2, share: 2 / 3 },
      { week: '2026-03-09', decks: 1, share: 1 / 5 },
    ]);
    expect(body.leaders[1]!.weeks.map((w) => w.decks)).toEqual([0, 1, 1]);
  });

  it('reads Extra or both formats when asked', async () => {
    const extra = await get<MetaLeadersResponse>('/api/meta/leaders?from=2026-03-01&to=2026-03-14&format=extra');
    expect(extra.body).toMatchObject({ tournaments: 1, decks: 1, leaders: [{ cardNumber: 'OP01-001', decks: 1, share: 1, winRate: 1 }] });
    const all = await get<MetaLeadersResponse>('/api/meta/leaders?from=2026-03-01&to=2026-03-14&format=all');
    expect(all.body).toMatchObject({ tournaments: 3, decks: 9 });
    expect(all.body.leaders[0]).toMatchObject({ cardNumber: 'OP01-001', decks: 4, wins: 10, losses: 2, ties: 1, winRate: 10 / 12 });
  });

  it('answers an empty window with zeros, and bad parameters with a 400', async () => {
    const empty = await get<MetaLeadersResponse>('/api/meta/leaders?from=2024-01-01&to=2024-01-07');
    expect(empty.body).toEqual({ from: '2024-01-01', to: '2024-01-07', format: 'standard', tournaments: 0, decks: 0, leaders: [] });
    for (const query of ['from=2026-03-14&to=2026-03-01', 'format=all-of-them', 'from=14-03-2026']) {
      const res = await get<{ error: { code: string; message: string } }>(`/api/meta/leaders?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers a window of any length (the issue bounds none) with the same figures; its trend covers the last ten years', async () => {
    // Every tournament above is on or after 2025-01-01.
    const tight = await get<MetaLeadersResponse>('/api/meta/leaders?from=2025-01-01&to=2026-03-14&format=all');
    const long = await get<MetaLeadersResponse>('/api/meta/leaders?from=2000-01-01&to=2026-03-14&format=all');
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ from: '2000-01-01', to: '2026-03-14', tournaments: tight.body.tournaments, decks: tight.body.decks });
    const figures = (body: MetaLeadersResponse) => body.leaders.map(({ weeks: _weeks, ...rest }) => rest);
    expect(figures(long.body)).toEqual(figures(tight.body));
    // 2026-03-14 − 3,659 days = 2016-03-07, a Monday: 523 weeks from then to the week of 2026-03-09 (by hand).
    const weeks = long.body.leaders[0]!.weeks;
    expect([weeks.length, weeks[0]!.week, weeks.at(-1)!.week]).toEqual([523, '2016-03-07', '2026-03-09']);
    const tightWeeks = tight.body.leaders[0]!.weeks;
    expect(weeks.slice(-tightWeeks.length)).toEqual(tightWeeks);
    const leader = await get<MetaLeaderDetail>('/api/meta/leaders/OP01-001?from=1990-01-01&to=2099-12-31&format=all');
    const leaderTight = await get<MetaLeaderDetail>('/api/meta/leaders/OP01-001?from=2025-01-01&to=2026-03-14&format=all');
    expect([leader.status, leader.body.decks, leader.body.cards]).toEqual([200, leaderTight.body.decks, leaderTight.body.cards]);
  });
});

describe('GET /api/meta/leaders/{cardNumber}', () => {
  it("answers the Leader's consensus (inclusion, average copies) and its lists by placing, then newest", async () => {
    const { status, body } = await get<MetaLeaderDetail>('/api/meta/leaders/OP01-001?from=2026-03-01&to=2026-03-14');
    expect(status).toBe(200);
    expect(body).toMatchObject({ cardNumber: 'OP01-001', decks: 3, format: 'standard', cardId: (await baseName('OP01-001')).id });
    // OP01-016: 4 + 4 + 2 copies in 3 of 3 lists; OP01-025: 2 + 4 + (1 + 1); OP01-013: 4 + 1 in 2 of 3.
    expect(body.cards.map((c) => [c.cardNumber, c.inclusion, c.averageCopies])).toEqual([
      ['OP01-016', 1, 10 / 3],
      ['OP01-025', 1, 8 / 3],
      ['OP01-013', 2 / 3, 5 / 2],
    ]);
    expect(body.cards[0]).toMatchObject({ name: (await baseName('OP01-016')).name, cardId: (await baseName('OP01-016')).id });
    expect(body.lists.map((l) => [l.tournamentId, l.placing, l.date, l.record.wins])).toEqual([
      ['meta-a', 1, '2026-03-02', 3],
      ['meta-b', 2, '2026-03-10', 0],
      ['meta-a', 3, '2026-03-02', 2],
    ]);
    expect(body.lists[0]).toMatchObject({ tournamentName: 'Spring Weekly', players: 32 });
    // Both formats: meta-c's first place (10 March) comes before meta-a's (2 March).
    const all = await get<MetaLeaderDetail>('/api/meta/leaders/op01-001?from=2026-03-01&to=2026-03-14&format=all');
    expect(all.body.cardNumber).toBe('OP01-001');
    expect(all.body.lists.map((l) => `${l.tournamentId}#${l.placing}`)).toEqual(['meta-c#1', 'meta-a#1', 'meta-b#2', 'meta-a#3']);
    expect(all.body.cards.find((c) => c.cardNumber === 'OP01-006')).toMatchObject({ inclusion: 1 / 4, averageCopies: 4 });
  });

  it('counts the numbers the library lacks as published, and leaves the Leader out', async () => {
    const { body } = await get<MetaLeaderDetail>('/api/meta/leaders/ZZ99-001?from=2026-03-01&to=2026-03-14');
    expect(body).toMatchObject({ name: 'Mystery Leader', decks: 1, cardId: null });
    expect(body.cards.map((c) => [c.cardNumber, c.name, c.inclusion, c.averageCopies, c.cardId === null])).toEqual([
      ['OP01-016', (await baseName('OP01-016')).name, 1, 4, false],
      ['ZZ99-999', 'Unknown Card', 1, 2, true],
    ]);
  });

  it('answers 200 with no decks for a valid number without lists in the window, and 400 for a malformed number', async () => {
    const none = await get<MetaLeaderDetail>('/api/meta/leaders/OP09-001?from=2026-03-01&to=2026-03-14');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ cardNumber: 'OP09-001', name: (await baseName('OP09-001')).name, decks: 0, cards: [], lists: [] });
    expect((await get<MetaLeaderDetail>('/api/meta/leaders/XX00-000')).body).toMatchObject({ name: 'XX00-000', decks: 0, cardId: null });
    for (const bad of ['OP01', 'luffy', 'OP01-001-x']) expect((await get(`/api/meta/leaders/${bad}`)).status, bad).toBe(400);
  });
});

describe('the default window', () => {
  it('is the 30 days ending today (UTC), Standard', async () => {
    const today = utcToday();
    await store('meta-recent', `${addDays(today, -3)}T12:00:00Z`, 'Recent Weekly', [standing(1, 'OP09-001', [['OP09-002', 4]], [2, 0, 0])]);
    await store('meta-recent-extra', `${addDays(today, -2)}T12:00:00Z`, 'Recent Extra Cup', [standing(1, 'OP09-001', [['OP09-002', 4]], [2, 0, 0])]);
    await store('meta-30', `${addDays(today, -29)}T12:00:00Z`, 'Edge Weekly', [standing(1, 'OP09-001', [['OP09-002', 4]], [1, 1, 0])]);
    await store('meta-31', `${addDays(today, -30)}T12:00:00Z`, 'Too Old Weekly', [standing(1, 'OP09-001', [['OP09-002', 4]], [1, 1, 0])]);
    const { body } = await get<MetaLeadersResponse>('/api/meta/leaders');
    expect(body).toMatchObject({ from: addDays(today, -29), to: today, format: 'standard', tournaments: 2, decks: 2 });
    expect(body.leaders.map((l) => [l.cardNumber, l.decks, l.wins, l.losses])).toEqual([['OP09-001', 2, 3, 1]]);
    const detail = await get<MetaLeaderDetail>('/api/meta/leaders/OP09-001');
    expect(detail.body).toMatchObject({ from: addDays(today, -29), to: today, decks: 2 });
    // `to` alone: the 30 days ending then.
    expect((await get<MetaLeadersResponse>('/api/meta/leaders?to=2026-03-14')).body).toMatchObject({ from: '2026-02-13', to: '2026-03-14', decks: 8 });
  });
});

describe('the cache', () => {
  it('answers from memory until an ingest here or a notice from another replica says the tournaments changed', async () => {
    const url = '/api/meta/leaders?from=2025-01-01&to=2025-01-01';
    expect((await get<MetaLeadersResponse>(url)).body.decks).toBe(1);
    // An ingest in this process: seen at once.
    await store('meta-old-2', '2025-01-01T15:00:00Z', 'New Year Cup 2', [standing(1, 'OP05-060', [['OP05-067', 4]], [1, 0, 0])], 4);
    expect((await get<MetaLeadersResponse>(url)).body.decks).toBe(2);
    // Another replica writes (here: a row written behind this process's back): the kept answer stands...
    const [row] = await ctx.db.select({ deckId: tournamentStandings.deckId }).from(tournamentStandings).where(eq(tournamentStandings.tournamentId, 'meta-old-2'));
    await ctx.db.insert(tournamentStandings).values({ tournamentId: 'meta-old-2', placing: 2, wins: 0, losses: 1, ties: 0, leaderNumber: 'OP05-060', leaderName: 'Luffy', deckId: row!.deckId });
    expect((await get<MetaLeadersResponse>(url)).body.decks).toBe(2);
    // ...until its notice arrives on the channel.
    const events = createLocalEvents();
    const stop = await listenForTournamentChanges(events);
    await events.notify(TOURNAMENTS_CHANNEL);
    await expect.poll(async () => (await get<MetaLeadersResponse>(url)).body.decks).toBe(3);
    await stop();
    events.close();
  });

  it('keeps at most MAX_ENTRIES answers', async () => {
    for (let i = 0; i <= MAX_ENTRIES + 10; i++) {
      const day = addDays('2020-01-01', i);
      await metaLeaders(ctx.db, { from: day, to: day }, 'standard');
    }
    expect(metaCacheSize()).toBe(MAX_ENTRIES);
  });
});
