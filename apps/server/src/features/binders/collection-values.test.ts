/**
 * The figures beside the binders (issue 46, item 7): each Personal and Trade binder's value on /collection, and what
 * the wished copies not owned yet cost on the wishlist — in the user's market, price type and currency.
 */
import type { BinderValuesResponse, WishlistCostResponse } from '@grandline/core/contracts/prices';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema';
import { createAuthTestApp, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let nami: string;
let other: string;
const ids: Record<string, number> = {};

const send = (path: string, body: unknown, cookie: string) => ctx.app.request(path, postJson(body, { Cookie: cookie }));
const getJson = async <T>(path: string, cookie?: string) => {
  const res = await ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: (await res.json()) as T };
};
const binder = async (cookie: string, name: string, category: string) =>
  ((await (await send('/api/binders', { name, category }, cookie)).json()) as { id: string }).id;
const add = (cookie: string, id: string, cards: [string, number][]) =>
  send(`/api/binders/${id}/cards`, { cards: cards.map(([n, quantity]) => ({ cardId: ids[n], quantity })) }, cookie);

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  nami = await signUpVerified(ctx, 'values-nami@example.com');
  other = await signUpVerified(ctx, 'values-other@example.com');
  for (const [cookie, username] of [[nami, 'values_nami'], [other, 'values_other']] as const) {
    expect((await send('/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie)).status).toBe(200);
  }
  for (const number of ['OP01-016', 'OP01-001', 'OP01-003']) {
    const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
    ids[number] = row!.id;
  }
  // Real prices through the ingest, as a price file would bring them: OP01-003 has none on this market.
  const csv = 'card_number,variant,min,avg,max,currency\nOP01-016,,1.50,2.00,3.00,USD\nOP01-001,,4.00,5.00,9.00,USD\n';
  expect((await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, 'us'), day: utcToday(), trigger: 'cli' })).status).toBe('succeeded');
  pricesLanded();
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('binder values and the wishlist cost', () => {
  it("values each Personal and Trade binder (not the wishlist), in the asked currency's hundredths", async () => {
    const personal = await binder(nami, 'Pulls', 'personal');
    const trade = await binder(nami, 'Spares', 'trade');
    const empty = await binder(nami, 'Empty', 'personal');
    expect((await add(nami, personal, [['OP01-016', 2], ['OP01-003', 1]])).status).toBe(200);
    expect((await add(nami, trade, [['OP01-001', 3]])).status).toBe(200);
    const { status, body } = await getJson<BinderValuesResponse>('/api/collection/values?market=us&priceType=min&currency=USD', nami);
    expect(status).toBe(200);
    expect(body).toMatchObject({ market: 'us', priceType: 'min', currency: 'USD' });
    const byId = new Map(body.items.map((i) => [i.id, i]));
    expect(byId.get(personal)).toMatchObject({ total: 300, pricedCopies: 2, unpricedCopies: 1, demo: false });
    expect(byId.get(trade)).toMatchObject({ total: 1200, pricedCopies: 3, unpricedCopies: 0 });
    expect(byId.get(empty)).toMatchObject({ total: 0, pricedCopies: 0 });
    // avg prices; another user's binders are not theirs to see.
    const avg = await getJson<BinderValuesResponse>('/api/collection/values?market=us&priceType=avg&currency=USD', nami);
    expect(avg.body.items.find((i) => i.id === trade)!.total).toBe(1500);
    expect((await getJson<BinderValuesResponse>('/api/collection/values', other)).body.items).toEqual([]);
    expect((await getJson('/api/collection/values')).status).toBe(401);
    expect((await getJson('/api/collection/values?currency=XXX', nami)).status).toBe(400);
  });

  it('costs the wished copies not owned yet: wished less what the Personal and Trade binders hold', async () => {
    // Wished: 4 × OP01-016 (2 owned above → 2 missing), 1 × OP01-001 (3 owned → none), 2 × OP01-003 (1 owned, no price).
    const wished = [['OP01-016', 4], ['OP01-001', 1], ['OP01-003', 2]] as const;
    expect((await send('/api/wishlist/cards', { cards: wished.map(([number, quantity]) => ({ cardId: ids[number], quantity })) }, nami)).status).toBe(200);
    const { status, body } = await getJson<WishlistCostResponse>('/api/wishlist/cost?market=us&priceType=min&currency=USD', nami);
    expect(status).toBe(200);
    expect(body).toMatchObject({ market: 'us', currency: 'USD', total: 300, missingCopies: 3, pricedCopies: 2, unpricedCopies: 1, demo: false });
    // Nothing wished: nothing missing.
    expect((await getJson<WishlistCostResponse>('/api/wishlist/cost', other)).body).toMatchObject({ total: 0, missingCopies: 0 });
    expect((await getJson('/api/wishlist/cost')).status).toBe(401);
  });
});
