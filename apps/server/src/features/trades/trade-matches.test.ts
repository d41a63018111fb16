/**
 * Trade matches (issue 44): open users' Trade binders against my wishlist and my Trade binders against theirs — opt-in
 * both ways, countries both ways, the exact print or any print of the number, capped at what is wanted, condition and
 * language filters, values in the asked currency on my market, the sort (two-sided, value, follows, name), no e-mail.
 */
import type { CardPricesResponse } from '@grandline/core/contracts/prices';
import type { TradeMatch, TradeMatchesResponse } from '@grandline/core/contracts/trades';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema';
import { createAuthTestApp, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const cookie: Record<string, string> = {};
const trade: Record<string, string> = {};
const wish: Record<string, string> = {};
/** Prints by number: [base, first parallel, …]. */
const prints: Record<string, number[]> = {};

const send = (method: string, path: string, body: unknown, who: string) => ctx.app.request(path, { ...postJson(body, { Cookie: cookie[who]! }), method });
const binder = async (who: string, name: string, category: string) => ((await (await send('POST', '/api/binders', { name, category }, who)).json()) as { id: string }).id;
type Row = { cardId: number; quantity: number; condition?: string; language?: string; anyPrint?: boolean };
const add = async (who: string, id: string, rows: Row[]) => expect((await send('POST', `/api/binders/${id}/cards`, { cards: rows }, who)).status).toBe(200);
const setOpen = async (who: string, open: boolean, countries?: string[]) => expect((await send('PUT', '/api/me/trading', { open, countries }, who)).status).toBe(200);
const matches = async (who: string, query = '') => {
  const res = await ctx.app.request(`/api/trades/matches${query}`, { headers: { Cookie: cookie[who]! } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { body: JSON.parse(text) as TradeMatchesResponse, text };
};
const names = (items: TradeMatch[]) => items.map((i) => i.user.username);
const of = (items: TradeMatch[], username: string) => items.find((i) => i.user.username === username);
const lines = (list: TradeMatch['theyHave']) => list.map((l) => [l.cardNumber, l.variant === null ? 'base' : 'parallel', l.quantity, l.value]);

const USERS: [string, string][] = [['luffy', 'BR'], ['zoro', 'BR'], ['franky', 'BR'], ['brook', 'BR'], ['sanji', 'BR'], ['nami', 'AR'], ['robin', 'US']];

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  for (const [name, countryCode] of USERS) {
    cookie[name] = await signUpVerified(ctx, `${name}-matches@example.com`);
    expect((await send('POST', '/api/me/accept-terms', { username: `${name}_tm`, countryCode, ageConfirmed: true, tosAccepted: true }, name)).status).toBe(200);
    trade[name] = await binder(name, 'Spares', 'trade');
    wish[name] = await binder(name, 'Wishlist', 'wishlist');
  }
  for (const number of ['OP01-016', 'OP01-001', 'OP01-003', 'OP01-025']) {
    prints[number] = (await ctx.db.select({ id: cards.id }).from(cards).where(eq(cards.cardNumber, number)).orderBy(asc(cards.printOrder), asc(cards.id))).map((r) => r.id);
  }
  // Real prices through the ingest (base prints only: the parallels have none on this market).
  const csv = 'card_number,variant,min,avg,max,currency\nOP01-016,,1.50,2.00,3.00,USD\nOP01-001,,4.00,5.00,9.00,USD\nOP01-003,,2.20,2.60,3.10,USD\nOP01-025,,0.80,1.00,1.40,USD\n';
  expect((await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, 'us'), day: utcToday(), trigger: 'cli' })).status).toBe('succeeded');
  pricesLanded();
  const [nami16, zoro1, luffy3, zoro25] = [prints['OP01-016']!, prints['OP01-001']!, prints['OP01-003']!, prints['OP01-025']!];
  // My wishlist: two Nami (this print), one Zoro leader (any print), two Luffy near mint or better in English.
  await add('luffy', wish.luffy!, [
    { cardId: nami16[0]!, quantity: 2 },
    { cardId: zoro1[0]!, quantity: 1, anyPrint: true },
    { cardId: luffy3[0]!, quantity: 2, condition: 'NM', language: 'EN' },
  ]);
  await add('luffy', trade.luffy!, [{ cardId: zoro25[0]!, quantity: 4 }]);
  // Zoro: three Nami (capped at my two), a parallel of the leader (any print), a Nami parallel (not the print I want),
  // Luffy played (worse than NM) and mint in Japanese (wrong language), mint in English (a match); wants one OP01-025.
  await add('zoro', trade.zoro!, [
    { cardId: nami16[0]!, quantity: 3 },
    { cardId: zoro1[1]!, quantity: 2 },
    { cardId: nami16[1]!, quantity: 1 },
    { cardId: luffy3[0]!, quantity: 1, condition: 'SP', language: 'EN' },
    { cardId: luffy3[0]!, quantity: 1, condition: 'M', language: 'JP' },
    { cardId: luffy3[1]!, quantity: 1, condition: 'M', language: 'EN' },
    { cardId: luffy3[0]!, quantity: 1, condition: 'M', language: 'EN' },
  ]);
  await add('zoro', wish.zoro!, [{ cardId: zoro25[0]!, quantity: 1 }]);
  // One Nami each: franky (whom I follow) and brook tie on value; sanji is closed; nami trades only with Argentina.
  for (const name of ['franky', 'brook', 'sanji', 'nami', 'robin']) await add(name, trade[name]!, [{ cardId: nami16[0]!, quantity: 1 }]);
  for (const name of ['luffy', 'zoro', 'franky', 'brook', 'robin']) await setOpen(name, true);
  await setOpen('nami', true, ['AR']);
  expect((await send('PUT', '/api/profiles/franky_tm/follow', {}, 'luffy')).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('trade matches', () => {
  it('lists what each open user has that I want and what I have that they want, capped at what is wanted', async () => {
    const { body, text } = await matches('luffy');
    expect(body).toMatchObject({ open: true, market: 'us', currency: 'USD' });
    const zoro = of(body.items, 'zoro_tm')!;
    expect(zoro.user).toEqual({ username: 'zoro_tm', displayName: null, avatarUrl: null, country: 'BR' });
    // Nami: 2 of 3 at 1.50 (min, my market us); the leader's parallel: 1 of 2, unpriced; Luffy: the mint English
    // copy of the print (not the played one, not the Japanese one, not the parallel: that row wants this print).
    expect(lines(zoro.theyHave)).toEqual([
      ['OP01-016', 'base', 2, 300],
      ['OP01-003', 'base', 1, 220],
      ['OP01-001', 'parallel', 1, null],
    ]);
    expect(lines(zoro.youHave)).toEqual([['OP01-025', 'base', 1, 80]]);
    expect(zoro).toMatchObject({ twoSided: true, valueTheyHave: 520, valueYouHave: 80, following: false });
    // Nobody's e-mail, nor anything of their binders but the matched cards.
    expect(text).not.toMatch(/@example\.com/);
    expect(text).not.toContain('Spares');
  });

  it('sorts two-sided first, then by the value I would get, those I follow first among equals, then by name', async () => {
    const { body } = await matches('luffy');
    expect(names(body.items)).toEqual(['zoro_tm', 'franky_tm', 'brook_tm', 'robin_tm']);
    expect(of(body.items, 'franky_tm')).toMatchObject({ following: true, twoSided: false, valueTheyHave: 150, valueYouHave: 0, youHave: [] });
    expect(of(body.items, 'brook_tm')!.following).toBe(false);
  });

  it('never shows a closed user, shows them as soon as they open and hides them as soon as they close', async () => {
    expect(names((await matches('luffy')).body.items)).not.toContain('sanji_tm');
    await setOpen('sanji', true);
    expect(names((await matches('luffy')).body.items)).toContain('sanji_tm');
    await setOpen('sanji', false);
    expect(names((await matches('luffy')).body.items)).not.toContain('sanji_tm');
    // Zoro sees me only while I am open; closed, I see nobody and am told why.
    await setOpen('luffy', false);
    expect(names((await matches('zoro')).body.items)).not.toContain('luffy_tm');
    expect((await matches('luffy')).body).toMatchObject({ open: false, items: [] });
    await setOpen('luffy', true);
    expect(lines(of((await matches('zoro')).body.items, 'luffy_tm')!.theyHave)).toEqual([['OP01-025', 'base', 1, 80]]);
  });

  it('matches only users whose countries and mine allow each other, and filters by the asked country', async () => {
    // Nami trades only with Argentina: I (Brazil) never see her, nor does she see me.
    expect(names((await matches('luffy')).body.items)).not.toContain('nami_tm');
    await setOpen('nami', true, []);
    expect(names((await matches('luffy')).body.items)).toContain('nami_tm');
    // I trade only with Brazil: Robin (US) and Nami (AR) drop out, and I drop out of Robin's.
    await setOpen('luffy', true, ['BR']);
    expect(names((await matches('luffy')).body.items)).toEqual(['zoro_tm', 'franky_tm', 'brook_tm']);
    await setOpen('luffy', true, []);
    expect(names((await matches('luffy', '?country=us')).body.items)).toEqual(['robin_tm']);
    expect(names((await matches('luffy', '?country=AR')).body.items)).toEqual(['nami_tm']);
    await setOpen('nami', true, ['AR']);
  });

  it('values in the asked currency on my market, the same price the card page shows', async () => {
    const brl = (await matches('luffy', '?currency=BRL')).body;
    expect(brl.currency).toBe('BRL');
    const page = (await (await ctx.app.request(`/api/cards/${prints['OP01-016']![0]}/prices?currency=BRL`)).json()) as CardPricesResponse;
    const unit = page.markets.find((m) => m.market === 'us')!.min!;
    expect(unit).toBeGreaterThan(150);
    const zoro = of(brl.items, 'zoro_tm')!;
    expect(zoro.theyHave[0]).toMatchObject({ cardNumber: 'OP01-016', quantity: 2, value: 2 * unit });
    expect(zoro.valueTheyHave).toBe(zoro.theyHave.reduce((t, l) => t + (l.value ?? 0), 0));
  });

  it('reads a parameter sent empty (?currency=&country=, as the issue writes the URL) as one left out', async () => {
    const all = (await matches('luffy')).body;
    for (const q of ['?currency=&country=', '?currency=USD&country=', '?currency=&country=&market=']) {
      const { body } = await matches('luffy', q);
      expect(body.currency, q).toBe('USD');
      expect(names(body.items), q).toEqual(names(all.items));
    }
    expect(names((await matches('luffy', '?currency=BRL&country=')).body.items)).toEqual(names(all.items));
  });

  it('refuses a signed-out request (401) and unknown currencies, markets and countries (400)', async () => {
    expect((await ctx.app.request('/api/trades/matches')).status).toBe(401);
    for (const q of ['?currency=XXX', '?market=mars', '?country=BRA', '?country=1']) {
      const res = await ctx.app.request(`/api/trades/matches${q}`, { headers: { Cookie: cookie.luffy! } });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });
});
