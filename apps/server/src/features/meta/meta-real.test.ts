/**
 * The meta on REAL published decklists (issue 43): the 38 lists of decks/fixtures/tournament-decklists.json — each
 * with its event, date and the page that published it (`event`, `date`, `source` there: Egman Events, Spellmana and
 * Limitless TCG tournaments 399 and 431) — grouped by event into 23 tournaments in the Limitless API's shapes, stored
 * through the one write path (storeTournament), then read through the API.
 *
 * Shapes built from the fixture (documented choices):
 * - one tournament per `event`; its id `real-<n>` in order of first appearance, its day the list's `date`;
 * - placing: the ordinal the source gave ("1st", "2nd", "4th", "6th", "8th", "13th"); a top-cut bracket without the
 *   exact place ("Top 4", "Top 8", "Top 16 …", "Top 32 …") is the bracket's last place (4, 8, 16, 32): the list placed
 *   at worst there. No two lists of one event share a placing that way;
 * - every main-deck line under `character` (the fixture does not say which are events or stages; the meta counts by
 *   number, so the part does not change a figure), numbers split as Limitless writes them (`OP01` + `001`);
 * - records: the fixture has none (the sources published lists, not every round), so every standing is 0–0–0 and
 *   every win rate null. Win rates are tested on the invented sample (meta.test.ts) and the hand-made case below.
 * - the player's name (the fixture's `player`, when known) is sent as the source sends it, and must not be stored.
 *
 * The expected figures were computed by hand from the fixture with this independent script (not the code under
 * test), whose output is quoted next to each assertion:
 *
 *   import json, re, collections
 *   d = json.load(open('apps/server/src/features/decks/fixtures/tournament-decklists.json'))['decks']
 *   def placing(p):
 *       m = re.match(r'(\d+)(st|nd|rd|th)', p) or re.match(r'Top (\d+)', p)
 *       return int(m.group(1))
 *   def window(frm, to):
 *       xs = [x for x in d if frm <= x['date'] <= to]
 *       c = collections.Counter(x['leader'] for x in xs)
 *       return len({x['event'] for x in xs}), len(xs), sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))
 *   def consensus(leader):
 *       lists = [x for x in d if x['leader'] == leader]
 *       per = collections.defaultdict(list)
 *       for x in lists:
 *           q = collections.Counter()
 *           for n, k in x['main']: q[n.upper()] += k
 *           for n, k in q.items(): per[n].append(k)
 *       rows = [(n, len(v) / len(lists), sum(v) / len(v)) for n, v in per.items() if n != leader]
 *       return sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))
 */
import { gunzipSync } from 'node:zlib';
import type { MetaLeaderDetail, MetaLeadersResponse, TournamentDetail, TournamentListResponse } from '@grandline/core/contracts/tournaments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp } from '../../testing/test-app';
import fixture from '../decks/fixtures/tournament-decklists.json';
import { storeTournament } from '../tournaments/ingest.service';

interface Deck {
  id: string;
  event: string;
  placement: string;
  player: string | null;
  date: string;
  source: string;
  leader: string;
  main: [string, number][];
}
const decks = fixture.decks as unknown as Deck[];

/** "1st", "13th" → 1, 13; "Top 4", "Top 16 (…)" → 4, 16 (the bracket's last place). */
function placingOf(placement: string): number {
  const found = /^(\d+)(?:st|nd|rd|th)\b/.exec(placement) ?? /^Top (\d+)\b/.exec(placement);
  if (!found) throw new Error(`no placing in "${placement}"`);
  return Number(found[1]);
}

/** A card number as the Limitless API writes a line: `OP01-001` → set `OP01`, number `001`. */
const line = (cardNumber: string) => {
  const [set, number] = cardNumber.split('-') as [string, string];
  return { set, number };
};

/** The fixture's lists as tournaments in the Limitless shapes: details and standings per event. */
function realTournaments() {
  const events = new Map<string, Deck[]>();
  for (const deck of decks) events.set(deck.event, [...(events.get(deck.event) ?? []), deck]);
  return [...events].map(([event, lists], i) => ({
    details: { id: `real-${i + 1}`, game: 'OP', format: null, name: event, date: `${lists[0]!.date}T12:00:00.000Z`, players: null },
    standings: lists.map((deck) => ({
      name: deck.player ?? 'Unknown player',
      player: deck.player ? deck.player.toLowerCase().replace(/\W/g, '') : null,
      country: null,
      placing: placingOf(deck.placement),
      deck: { id: deck.leader.toLowerCase(), name: deck.leader },
      decklist: {
        leader: { ...line(deck.leader), name: '' },
        character: deck.main.map(([number, count]) => ({ count, ...line(number), name: '' })),
        event: [],
        stage: [],
      },
      drop: null,
    })),
  }));
}

let ctx: Awaited<ReturnType<typeof createSeededTestApp>>;
const get = async <T>(path: string) => {
  const res = await ctx.app.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const ALL = 'from=2023-01-01&to=2026-12-31';

beforeAll(async () => {
  ctx = await createSeededTestApp();
  let stored = 0;
  for (const { details, standings } of realTournaments()) stored += (await storeTournament(ctx.db, 'limitless', details, standings)).standings;
  expect(stored).toBe(38);
}, 120_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('the meta of 38 real published lists', () => {
  it('counts 23 tournaments and 38 decks over 2023–2026, ten Leaders with two lists first (then by number)', async () => {
    const meta = await get<MetaLeadersResponse>(`/api/meta/leaders?${ALL}`);
    // window('2023-01-01', '2026-12-31') → (23, 38, [('OP01-001', 2), ('OP01-060', 2), ('OP05-041', 2), ('OP05-060', 2),
    // ('OP05-098', 2), ('OP09-001', 2), ('OP11-041', 2), ('OP13-002', 2), ('OP15-058', 2), ('ST10-001', 2), ('EB02-010', 1), …]) — 28 Leaders.
    expect(meta).toMatchObject({ tournaments: 23, decks: 38 });
    expect(meta.leaders).toHaveLength(28);
    expect(meta.leaders.slice(0, 11).map((l) => [l.cardNumber, l.decks])).toEqual([
      ['OP01-001', 2],
      ['OP01-060', 2],
      ['OP05-041', 2],
      ['OP05-060', 2],
      ['OP05-098', 2],
      ['OP09-001', 2],
      ['OP11-041', 2],
      ['OP13-002', 2],
      ['OP15-058', 2],
      ['ST10-001', 2],
      ['EB02-010', 1],
    ]);
    const luffy = meta.leaders.find((l) => l.cardNumber === 'OP05-060')!;
    expect(luffy.share).toBe(2 / 38);
    // No records in the fixture: 0–0–0, no win rate; best placing the Oceania and Peoria first places.
    expect(luffy).toMatchObject({ wins: 0, losses: 0, ties: 0, winRate: null, bestPlacing: 1 });
    expect(meta.leaders.every((l) => l.winRate === null)).toBe(true);
    expect(meta.leaders.reduce((n, l) => n + l.share, 0)).toBeCloseTo(1, 10);
    // The same answer gzipped for a client that accepts it (kept with the window's aggregates).
    const zipped = await ctx.app.request(`/api/meta/leaders?${ALL}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'))).toEqual(meta);
  });

  it('narrows to a window: January–July 2026 holds 5 tournaments and 12 decks', async () => {
    const meta = await get<MetaLeadersResponse>('/api/meta/leaders?from=2026-01-01&to=2026-07-31');
    // window('2026-01-01', '2026-07-31') → (5, 12, [('OP11-041', 2), ('OP13-002', 2), ('OP15-058', 2), ('OP12-061', 1),
    // ('OP13-001', 1), ('OP13-079', 1), ('OP14-020', 1), ('OP16-022', 1), ('ST30-001', 1)])
    expect(meta).toMatchObject({ tournaments: 5, decks: 12 });
    expect(meta.leaders.map((l) => [l.cardNumber, l.decks])).toEqual([
      ['OP11-041', 2],
      ['OP13-002', 2],
      ['OP15-058', 2],
      ['OP12-061', 1],
      ['OP13-001', 1],
      ['OP13-079', 1],
      ['OP14-020', 1],
      ['OP16-022', 1],
      ['ST30-001', 1],
    ]);
    expect(meta.leaders[0]!.share).toBe(2 / 12);
    // 2024: window('2024-01-01', '2024-12-31') → (6, 7, …) — seven Leaders with one list each.
    expect(await get<MetaLeadersResponse>('/api/meta/leaders?from=2024-01-01&to=2024-12-31')).toMatchObject({ tournaments: 6, decks: 7 });
  });

  it("draws each Leader's weekly trend: Blue/Yellow Nami in Lille (Sunday 12 April) and São Paulo (Saturday 2 May)", async () => {
    const meta = await get<MetaLeadersResponse>('/api/meta/leaders?from=2026-04-06&to=2026-05-03');
    const nami = meta.leaders.find((l) => l.cardNumber === 'OP11-041')!;
    // Lille (3 lists) falls in the week of Monday 6 April, São Paulo (2 lists) in that of 27 April.
    expect(nami.weeks).toEqual([
      { week: '2026-04-06', decks: 1, share: 1 / 3 },
      { week: '2026-04-13', decks: 0, share: 0 },
      { week: '2026-04-20', decks: 0, share: 0 },
      { week: '2026-04-27', decks: 1, share: 1 / 2 },
    ]);
  });

  it('answers the consensus of Purple Luffy (OP05-060) and its lists, newest first at equal placing', async () => {
    const luffy = await get<MetaLeaderDetail>(`/api/meta/leaders/OP05-060?${ALL}`);
    // consensus('OP05-060') → [('ST04-005', 1.0, 3.0), ('ST04-016', 1.0, 1.5), ('EB01-061', 0.5, 4.0), …, ('OP01-114', 0.5, 3.0), …, ('OP01-092', 0.5, 1.0)] — 29 numbers.
    expect(luffy.decks).toBe(2);
    expect(luffy.cards).toHaveLength(29);
    expect(luffy.cards.slice(0, 3).map((c) => [c.cardNumber, c.inclusion, c.averageCopies])).toEqual([
      ['ST04-005', 1, 3],
      ['ST04-016', 1, 1.5],
      ['EB01-061', 0.5, 4],
    ]);
    expect(luffy.cards.find((c) => c.cardNumber === 'OP01-114')).toMatchObject({ inclusion: 0.5, averageCopies: 3 });
    expect(luffy.cards.at(-1)).toMatchObject({ cardNumber: 'OP01-092', inclusion: 0.5, averageCopies: 1 });
    expect(luffy.cards.some((c) => c.cardNumber === 'OP05-060')).toBe(false);
    // Both first places: Peoria (2025-04-19) before Oceania (2024-01-31).
    expect(luffy.lists.map((l) => [l.tournamentName, l.date, l.placing])).toEqual([
      ['Top Cut Events OP10 Regionals, Peoria IL', '2025-04-19', 1],
      ['[OP-05] Oceania 2023 Finals (Championship 2023 Oceania Finals)', '2024-01-31', 1],
    ]);
  });

  it('answers the consensus of Zoro (OP01-001), Enel (OP15-058) and Nami (OP11-041)', async () => {
    const zoro = await get<MetaLeaderDetail>(`/api/meta/leaders/OP01-001?${ALL}`);
    // consensus('OP01-001') → OP01-006 (1.0, 4.0), OP01-025 (1.0, 2.5), OP02-004 (1.0, 2.5), OP01-029 (1.0, 1.5),
    // OP01-016 (0.5, 4.0), P-013 (0.5, 2.0) — 27 numbers.
    expect(zoro.cards).toHaveLength(27);
    const figures = (detail: MetaLeaderDetail, numbers: string[]) => numbers.map((n) => detail.cards.find((c) => c.cardNumber === n)).map((c) => c && [c.cardNumber, c.inclusion, c.averageCopies]);
    expect(figures(zoro, ['OP01-006', 'OP01-025', 'OP02-004', 'OP01-029', 'OP01-016', 'P-013'])).toEqual([
      ['OP01-006', 1, 4],
      ['OP01-025', 1, 2.5],
      ['OP02-004', 1, 2.5],
      ['OP01-029', 1, 1.5],
      ['OP01-016', 0.5, 4],
      ['P-013', 0.5, 2],
    ]);
    expect(zoro.lists.map((l) => [l.date, l.placing])).toEqual([
      ['2023-09-13', 1],
      ['2023-06-26', 1],
    ]);

    const enel = await get<MetaLeaderDetail>(`/api/meta/leaders/OP15-058?${ALL}`);
    // consensus('OP15-058') → OP12-063, OP15-061, OP15-067 (1.0, 4.0) first; OP15-066 (1.0, 3.5), OP10-067 (1.0, 2.5),
    // OP13-076 (1.0, 1.5), OP07-064 (0.5, 3.0) — 16 numbers.
    expect(enel.cards).toHaveLength(16);
    expect(enel.cards.slice(0, 3).map((c) => c.cardNumber)).toEqual(['OP12-063', 'OP15-061', 'OP15-067']);
    expect(figures(enel, ['OP15-066', 'OP10-067', 'OP13-076', 'OP07-064'])).toEqual([
      ['OP15-066', 1, 3.5],
      ['OP10-067', 1, 2.5],
      ['OP13-076', 1, 1.5],
      ['OP07-064', 0.5, 3],
    ]);
    // By placing: Bielefeld's first place, then Lille's second.
    expect(enel.lists.map((l) => [l.tournamentName, l.placing])).toEqual([
      ['OP16 4th July 2026 - Regional Bielefeld', 1],
      ['[ENG OP15.5] PEC Occitania Lille Regionals', 2],
    ]);

    const nami = await get<MetaLeaderDetail>(`/api/meta/leaders/OP11-041?${ALL}`);
    // consensus('OP11-041') → P-096 (1.0, 4.0), OP06-104 (1.0, 3.0), OP15-113 (1.0, 1.5), OP15-047 (1.0, 1.0),
    // EB03-060 (0.5, 3.0), OP14-108 (0.5, 2.0) — 16 numbers.
    expect(nami.cards).toHaveLength(16);
    expect(figures(nami, ['P-096', 'OP06-104', 'OP15-113', 'OP15-047', 'EB03-060', 'OP14-108'])).toEqual([
      ['P-096', 1, 4],
      ['OP06-104', 1, 3],
      ['OP15-113', 1, 1.5],
      ['OP15-047', 1, 1],
      ['EB03-060', 0.5, 3],
      ['OP14-108', 0.5, 2],
    ]);
    expect(nami.cards.at(-1)).toMatchObject({ cardNumber: 'OP14-108' });
    // Both first places: São Paulo (2 May) before Lille (12 April).
    expect(nami.lists.map((l) => l.date)).toEqual(['2026-05-02', '2026-04-12']);
  });

  it('lists the tournaments newest first, each with its standings by placing, and stores no player', async () => {
    const list = await get<TournamentListResponse>('/api/tournaments?from=2026-01-01&to=2026-12-31');
    expect(list.total).toBe(5);
    expect(list.items.map((t) => [t.date, t.lists])).toEqual([
      ['2026-07-04', 3],
      ['2026-05-02', 2],
      ['2026-04-12', 3],
      ['2026-03-29', 2],
      ['2026-01-20', 2],
    ]);
    const lille = await get<TournamentDetail>(`/api/tournaments/${list.items[2]!.id}`);
    expect(lille.standings.map((s) => [s.placing, s.leader.cardNumber])).toEqual([
      [1, 'OP11-041'],
      [2, 'OP15-058'],
      [8, 'OP13-001'],
    ]);
    const named = decks.filter((d) => d.player).map((d) => d.player!);
    expect(named.length).toBeGreaterThan(3);
    const rows = await ctx.db.execute(sql`select * from tournaments t join tournament_standings s on s.tournament_id = t.id join decks d on d.id = s.deck_id`);
    const stored = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    for (const player of named) expect(stored).not.toContain(player);
  });
});

describe('win rates on a hand-made case', () => {
  it('leaves ties out: 7–2–1 and 3–3–0 make 10 wins in 15 games won or lost', async () => {
    const list = (number: string) => ({ leader: { set: 'OP05', number: '060' }, character: [{ count: 4, set: 'OP05', number }] });
    await storeTournament(ctx.db, 'import', { id: 'hand-made', name: 'Hand-made Cup', date: '2022-06-01', players: 3 }, [
      { placing: 1, record: { wins: 7, losses: 2, ties: 1 }, decklist: list('067') },
      { placing: 2, record: { wins: 3, losses: 3, ties: 0 }, decklist: list('067') },
      { placing: 3, record: { wins: 0, losses: 0, ties: 2 }, decklist: { leader: { set: 'OP01', number: '001' }, character: [{ count: 4, set: 'OP01', number: '016' }] } },
    ]);
    const meta = await get<MetaLeadersResponse>('/api/meta/leaders?from=2022-06-01&to=2022-06-01');
    expect(meta.leaders.map((l) => [l.cardNumber, l.wins, l.losses, l.ties, l.winRate])).toEqual([
      ['OP05-060', 10, 5, 1, 10 / 15],
      // Only ties: no game won or lost, no win rate.
      ['OP01-001', 0, 0, 2, null],
    ]);
  });
});
