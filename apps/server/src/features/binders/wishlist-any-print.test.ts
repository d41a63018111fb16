/**
 * The wishlist's "any print" flag through the API (issue 44): set when wishing for a card or adding rows, changed on a
 * row, shown on every row (false when not said), and kept when copies are added again without it.
 */
import type { BinderCardsResponse } from '@grandline/core/contracts/binders';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../db/schema';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let chopper: string;
let nami: number[];

const send = (method: string, path: string, body: unknown) => ctx.app.request(path, { ...postJson(body, { Cookie: chopper }), method });
const rowsOf = async (binderId: string) => {
  const res = await ctx.app.request(`/api/binders/${binderId}/cards`, { headers: { Cookie: chopper } });
  expect(res.status).toBe(200);
  return ((await res.json()) as BinderCardsResponse).items.map((r) => ({ id: r.id, cardId: r.card.id, quantity: r.quantity, anyPrint: r.anyPrint }));
};

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  chopper = await signUpVerified(ctx, 'chopper-anyprint@example.com');
  expect((await send('POST', '/api/me/accept-terms', { username: 'chopper_any', countryCode: 'BR', ageConfirmed: true, tosAccepted: true })).status).toBe(200);
  nami = (await ctx.db.select({ id: cards.id }).from(cards).where(eq(cards.cardNumber, 'OP01-016')).orderBy(asc(cards.printOrder), asc(cards.id))).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('the wishlist any-print flag', () => {
  it('is taken by POST /api/wishlist/cards, shown on the rows, changed by PATCH and kept when added again without it', async () => {
    const added = await send('POST', '/api/wishlist/cards', { cards: [{ cardId: nami[0], quantity: 2, anyPrint: true }, { cardId: nami[1], quantity: 1 }] });
    expect(added.status).toBe(200);
    const { binderId } = (await added.json()) as { binderId: string };
    const rows = await rowsOf(binderId);
    expect(rows.map(({ cardId, quantity, anyPrint }) => ({ cardId, quantity, anyPrint }))).toEqual([
      { cardId: nami[0], quantity: 2, anyPrint: true },
      { cardId: nami[1], quantity: 1, anyPrint: false },
    ]);
    // One more copy without the flag keeps what the row said.
    expect((await send('POST', `/api/binders/${binderId}/cards`, { cards: [{ cardId: nami[0], quantity: 1 }] })).status).toBe(200);
    expect((await rowsOf(binderId))[0]).toMatchObject({ quantity: 3, anyPrint: true });
    const base = rows[0]!.id;
    expect((await send('PATCH', `/api/binders/${binderId}/cards/${base}`, { anyPrint: false })).status).toBe(200);
    expect((await rowsOf(binderId))[0]).toMatchObject({ anyPrint: false });
    expect((await send('POST', `/api/binders/${binderId}/cards`, { cards: [{ cardId: nami[1], quantity: 1, anyPrint: true }] })).status).toBe(200);
    expect((await rowsOf(binderId))[1]).toMatchObject({ quantity: 2, anyPrint: true });
  });

  it('refuses a flag that is not a boolean (400)', async () => {
    expect((await send('POST', '/api/wishlist/cards', { cards: [{ cardId: nami[0], anyPrint: 'yes' }] })).status).toBe(400);
    const { binderId } = (await (await ctx.app.request('/api/wishlist', { headers: { Cookie: chopper } })).json()) as { binderId: string };
    const [row] = await rowsOf(binderId);
    expect((await send('PATCH', `/api/binders/${binderId}/cards/${row!.id}`, { anyPrint: 1 })).status).toBe(400);
  });
});
