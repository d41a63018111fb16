/**
 * A deck's buy list (issue 15) on a hand-checked example: what is missing after the Personal and Trade binders (any
 * print of a number counts), each number's cheapest print per market in the asked currency, the totals on one market
 * and split across markets.
 */
import type { BuyListResponse } from '@grandline/core/contracts/buy-list';
import { convertCents, FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema';
import { createAuthTestApp, grantPlan, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let alice: string;
let bob: string;
let deckId: string;
const send = (method: string, path: string, body: unknown, cookie: string) => ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

async function printsOf(number: string) {
  return ctx.db.select({ id: cards.id, variant: cards.variant }).from(cards).where(eq(cards.cardNumber, number));
}
async function basePrint(number: string) {
  const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
  return row!.id;
}
async function setPrices(market: 'us' | 'market4', rows: [number: string, variant: string, min: string, currency: string][]) {
  const csv = `card_number,variant,min,avg,max,currency\n${rows.map(([n, v, min, cur]) => `${n},${v},${min},${min},${min},${cur}`).join('\n')}\n`;
  expect((await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, market), day: utcToday(), trigger: 'cli' })).status).toBe('succeeded');
  pricesLanded();
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  alice = await signUpVerified(ctx, 'alice-buy@example.com');
  bob = await signUpVerified(ctx, 'bob-buy@example.com');
  // Private binders and decks, and any number of exports, are Hobby's: these tests are about what they do (plan-gates.test.ts covers Free).
  await grantPlan(ctx, 'alice-buy@example.com', 'hobby');
  await grantPlan(ctx, 'bob-buy@example.com', 'hobby');
  for (const [cookie, username] of [[alice, 'alice_buy'], [bob, 'bob_buy']] as const) {
    await send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);
  }
  // Leader OP01-001 (Zoro), 4 × OP01-016 (Nami), 2 × OP01-013, 4 × OP01-025.
  const [leader, nami, sanji, zoro2] = await Promise.all(['OP01-001', 'OP01-016', 'OP01-013', 'OP01-025'].map(basePrint));
  const deck = (await (
    await send('POST', '/api/decks', { name: 'Buy me', format: 'extra', isPublic: true, leaderCardId: leader, cards: [{ cardId: nami!, quantity: 4 }, { cardId: sanji!, quantity: 2 }, { cardId: zoro2!, quantity: 4 }] }, alice)
  ).json()) as { id: string };
  deckId = deck.id;
  // Alice owns 1 Nami in a Personal binder (another print when the library has one) and 4 OP01-025 in a Trade binder.
  const namiPrints = await printsOf('OP01-016');
  const otherNami = namiPrints.find((p) => p.variant !== null)?.id ?? nami!;
  const personal = (await (await send('POST', '/api/binders', { name: 'Mine', category: 'personal' }, alice)).json()) as { id: string };
  const trade = (await (await send('POST', '/api/binders', { name: 'Trade', category: 'trade' }, alice)).json()) as { id: string };
  expect((await send('POST', `/api/binders/${personal.id}/cards`, { cards: [{ cardId: otherNami, quantity: 1 }] }, alice)).status).toBeLessThan(300);
  expect((await send('POST', `/api/binders/${trade.id}/cards`, { cards: [{ cardId: zoro2!, quantity: 4 }] }, alice)).status).toBeLessThan(300);
  // US: Nami 1.00, OP01-013 2.00 (USD); MYP Cards: Nami 4.00 BRL; nobody prices the Leader.
  await setPrices('us', [['OP01-016', '', '1.00', 'USD'], ['OP01-013', '', '2.00', 'USD']]);
  await setPrices('market4', [['OP01-016', '', '4.00', 'BRL']]);
}, 120_000);

afterAll(async () => {
  await ctx.db.execute(sql`select 1`);
  await ctx.database.close();
});

describe('GET /api/decks/{id}/buy-list', () => {
  it('lists the missing copies with the cheapest print per market and the totals, in the asked currency', async () => {
    const res = await get(`/api/decks/${deckId}/buy-list?currency=USD`, alice);
    expect(res.status).toBe(200);
    const list = (await res.json()) as BuyListResponse;
    // Leader 1 missing, Nami 4 − 1 = 3, OP01-013 2; OP01-025 is covered by the Trade binder.
    expect(list.items.map((i) => [i.cardNumber, i.needed, i.owned, i.missing])).toEqual([
      ['OP01-001', 1, 0, 1],
      ['OP01-016', 4, 1, 3],
      ['OP01-013', 2, 0, 2],
    ]);
    expect(list.missingCopies).toBe(6);
    const myp = convertCents(400, 'BRL', 'USD', FX_SNAPSHOT.rates);
    const nami = list.items[1]!;
    expect(nami.offers.map((o) => [o.market, o.price])).toEqual([
      ['market4', myp],
      ['us', 100],
      // Liga has no price: the estimate from the US one (× BR_IMPORT_FACTOR).
      ['br', Math.round(100 * 1.4)],
    ]);
    expect(list.items[0]!.offers).toEqual([]);
    // On one market: US 3 × 1.00 + 2 × 2.00 = 7.00, the Leader unpriced; MYP 3 × Nami, 3 copies unpriced.
    expect(list.markets.find((m) => m.market === 'us')).toEqual({ market: 'us', total: 700, unpriced: 1 });
    expect(list.markets.find((m) => m.market === 'market4')).toEqual({ market: 'market4', total: 3 * myp, unpriced: 3 });
    expect(list.markets[0]!.market).toBe('us');
    // Split: Nami where cheapest, OP01-013 on US; the Leader nowhere.
    expect(list.split).toEqual({ total: 3 * Math.min(myp, 100) + 2 * 200, unpriced: 1 });
  });

  it('prices a public deck against the reader’s own collection, and hides a private one', async () => {
    const list = (await (await get(`/api/decks/${deckId}/buy-list?currency=BRL`, bob)).json()) as BuyListResponse;
    expect(list.items.map((i) => i.missing)).toEqual([1, 4, 2, 4]);
    expect(list.currency).toBe('BRL');
    expect((await send('PATCH', `/api/decks/${deckId}`, { isPublic: false }, alice)).status).toBe(200);
    expect((await get(`/api/decks/${deckId}/buy-list`, bob)).status).toBe(404);
    expect((await get(`/api/decks/${deckId}/buy-list`)).status).toBe(401);
    expect((await get(`/api/decks/${deckId}/buy-list?currency=XYZ`, alice)).status).toBe(400);
  });
});
