/**
 * GET /api/meta/buildable (issue 43) on a hand-checked example: each Leader's best-placed list of the window (best
 * placing, then newest), against the user's Personal and Trade binders (any print of a number; the wishlist does not
 * count), the missing copies priced by the buy list's pricing path on every market and split, complete lists first,
 * cheapest first; and the same number of statements however many lists the window holds (one pass, not one buy list
 * per deck).
 */
import type { BuildableResponse } from '@grandline/core/contracts/tournaments';
import { convertCents, FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';
import { storeTournament } from '../tournaments/ingest.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;
const statements: string[] = [];
const send = (path: string, body: unknown) => ctx.app.request(path, postJson(body, { Cookie: cookie }));
const buildable = async (query: string, withCookie = true) => {
  const res = await ctx.app.request(`/api/meta/buildable?${query}`, { headers: withCookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: (await res.json()) as BuildableResponse };
};
const basePrint = async (number: string) => {
  const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
  return row!.id;
};
type Line = [number: string, count: number];
const standing = (placing: number, leader: string, lines: Line[], record: [number, number, number] = [3, 1, 0]) => ({
  placing,
  record: { wins: record[0], losses: record[1], ties: record[2] },
  decklist: { leader: { set: '', number: leader, name: '' }, character: lines.map(([number, count]) => ({ count, set: '', number, name: number === 'ZZ99-999' ? 'Unknown Card' : '' })) },
});

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, onQuery: (q) => statements.push(q) });
  cookie = await signUpVerified(ctx, 'builder@example.com');
  expect((await send('/api/me/accept-terms', { username: 'builder', countryCode: 'BR', ageConfirmed: true, tosAccepted: true })).status).toBe(200);
  // 2 March: Zoro's first place (the best Zoro list), Purple Luffy's second, Zoro's third.
  await storeTournament(ctx.db, 'import', { id: 'build-a', name: 'Build Weekly', date: '2026-03-02', players: 16 }, [
    standing(1, 'OP01-001', [['OP01-016', 4], ['OP01-013', 2]]),
    standing(2, 'OP05-060', [['OP05-067', 4]]),
    standing(3, 'OP01-001', [['OP01-016', 1]]),
  ]);
  // 3 March: Purple Luffy's first place (newer and better: its best list, with a number the library lacks), Nami's second.
  await storeTournament(ctx.db, 'import', { id: 'build-b', name: 'Build Regional', date: '2026-03-03', players: 64 }, [
    standing(1, 'OP05-060', [['OP05-067', 2], ['ZZ99-999', 1]]),
    standing(2, 'OP11-041', [['OP01-016', 1]]),
  ]);
  // Owned: OP01-016 × 1 (another print when the library has one) and OP11-041 in a Personal binder, OP01-013 × 2 in a
  // Trade binder; the wishlist's OP01-001 is wanted, not owned.
  const [zoro, nami, sanji, nami11] = await Promise.all(['OP01-001', 'OP01-016', 'OP01-013', 'OP11-041'].map(basePrint));
  const otherNami = (await ctx.db.select({ id: cards.id, variant: cards.variant }).from(cards).where(eq(cards.cardNumber, 'OP01-016'))).find((p) => p.variant !== null)?.id ?? nami!;
  const personal = (await (await send('/api/binders', { name: 'Mine', category: 'personal' })).json()) as { id: string };
  const trade = (await (await send('/api/binders', { name: 'Trade', category: 'trade' })).json()) as { id: string };
  expect((await send(`/api/binders/${personal.id}/cards`, { cards: [{ cardId: otherNami, quantity: 1 }, { cardId: nami11!, quantity: 1 }] })).status).toBeLessThan(300);
  expect((await send(`/api/binders/${trade.id}/cards`, { cards: [{ cardId: sanji!, quantity: 2 }] })).status).toBeLessThan(300);
  expect((await send('/api/wishlist/cards', { cards: [{ cardId: zoro!, quantity: 1 }] })).status).toBeLessThan(300);
  // US (USD): OP01-001 0.50, OP01-016 1.00, OP01-013 2.00, OP05-060 3.00, OP05-067 0.25; MYP Cards: OP01-016 4.00 BRL.
  const prices = async (market: 'us' | 'market4', rows: [string, string, string][]) => {
    const csv = `card_number,variant,min,avg,max,currency\n${rows.map(([n, min, cur]) => `${n},,${min},${min},${min},${cur}`).join('\n')}\n`;
    expect((await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, market), day: utcToday(), trigger: 'cli' })).status).toBe('succeeded');
  };
  await prices('us', [['OP01-001', '0.50', 'USD'], ['OP01-016', '1.00', 'USD'], ['OP01-013', '2.00', 'USD'], ['OP05-060', '3.00', 'USD'], ['OP05-067', '0.25', 'USD']]);
  await prices('market4', [['OP01-016', '4.00', 'BRL']]);
  pricesLanded();
}, 120_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('GET /api/meta/buildable', () => {
  it("answers each Leader's best-placed list with my copies, the missing ones and their cost, complete and cheapest first", async () => {
    const { status, body } = await buildable('from=2026-03-01&to=2026-03-07&currency=USD');
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: '2026-03-01', to: '2026-03-07', format: 'standard', currency: 'USD' });
    expect(body.items.map((i) => [i.leader.cardNumber, `${i.list.tournamentId}#${i.list.placing}`, i.total, i.owned, i.missing])).toEqual([
      // Nami: leader + 1 OP01-016, both owned.
      ['OP11-041', 'build-b#2', 2, 2, 0],
      // Zoro: 1 + 4 + 2 = 7; owns 1 OP01-016 (another print) and 2 OP01-013 (Trade); the wishlist's Leader does not count.
      ['OP01-001', 'build-a#1', 7, 3, 4],
      // Purple Luffy's newer first place: 1 + 2 + 1 (ZZ99-999, which no market can price): last, incomplete.
      ['OP05-060', 'build-b#1', 4, 0, 4],
    ]);
    const [nami, zoro, luffy] = body.items;
    expect(nami!.split).toEqual({ total: 0, unpriced: 0 });
    const myp = convertCents(400, 'BRL', 'USD', FX_SNAPSHOT.rates);
    // Zoro's split: the Leader on US (0.50; Liga's estimate is 1.4 × that), 3 × OP01-016 where cheapest.
    expect(zoro!.split).toEqual({ total: 50 + 3 * Math.min(myp, 100), unpriced: 0 });
    expect(zoro!.markets.slice(0, 3)).toEqual([
      { market: 'us', total: 50 + 300, unpriced: 0 },
      { market: 'br', total: Math.round(50 * 1.4) + 3 * Math.round(100 * 1.4), unpriced: 0 },
      { market: 'market4', total: 3 * myp, unpriced: 1 },
    ]);
    expect(luffy!.split).toEqual({ total: 300 + 2 * 25, unpriced: 1 });
    expect(zoro!.list).toEqual({ tournamentId: 'build-a', tournamentName: 'Build Weekly', date: '2026-03-02', placing: 1, record: { wins: 3, losses: 1, ties: 0 }, deckId: zoro!.list.deckId, players: 16 });
    expect(zoro!.leader).toMatchObject({ cardNumber: 'OP01-001', cardId: await basePrint('OP01-001') });
    expect(zoro!.demo).toBe(false);
  });

  it('narrows to the window, limits the answer, converts the currency, and is for signed-in users only', async () => {
    // 2 March alone: Purple Luffy's best list is then the second place of build-a (the Leader at 3.00 + 4 × OP05-067
    // at 0.25 = 4.00), dearer than Zoro's (0.50 + 3 × MYP's 4.00 BRL ≈ 0.73 USD).
    const early = await buildable('from=2026-03-02&to=2026-03-02');
    const myp = convertCents(400, 'BRL', 'USD', FX_SNAPSHOT.rates);
    expect(myp).toBeLessThan(100);
    expect(early.body.items.map((i) => [i.leader.cardNumber, `${i.list.tournamentId}#${i.list.placing}`, i.split])).toEqual([
      ['OP01-001', 'build-a#1', { total: 50 + 3 * myp, unpriced: 0 }],
      ['OP05-060', 'build-a#2', { total: 300 + 4 * 25, unpriced: 0 }],
    ]);
    expect((await buildable('from=2026-03-01&to=2026-03-07&limit=1')).body.items.map((i) => i.leader.cardNumber)).toEqual(['OP11-041']);
    const eur = await buildable('from=2026-03-01&to=2026-03-07&currency=EUR');
    expect(eur.body.currency).toBe('EUR');
    expect(eur.body.items[1]!.markets[0]).toEqual({ market: 'us', total: convertCents(50, 'USD', 'EUR', FX_SNAPSHOT.rates) + 3 * convertCents(100, 'USD', 'EUR', FX_SNAPSHOT.rates), unpriced: 0 });
    expect((await buildable('from=2026-03-01&to=2026-03-07&format=extra')).body.items).toEqual([]);
    expect((await buildable('from=2026-03-01&to=2026-03-07', false)).status).toBe(401);
    for (const bad of ['currency=XYZ', 'limit=0', 'limit=101', 'from=2026-03-07&to=2026-03-01', 'priceType=median']) expect((await buildable(bad)).status, bad).toBe(400);
  });

  it('prices every list in one pass: as many statements for three lists as for one', async () => {
    const count = async (query: string) => {
      await buildable(query);
      statements.length = 0;
      await buildable(query);
      return statements.length;
    };
    const one = await count('from=2026-03-03&to=2026-03-03&format=all');
    const three = await count('from=2026-03-01&to=2026-03-07&format=all');
    expect(three).toBe(one);
    expect(three).toBeLessThanOrEqual(8);
  });
});
