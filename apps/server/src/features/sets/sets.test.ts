import type { ErrorResponse } from '@grandline/core/contracts/errors';
import type { SetDetailResponse, SetListResponse } from '@grandline/core/contracts/sets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEvery } from '../../testing/expect-every';
import { createSeededTestApp, getJson } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createSeededTestApp>>;
beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

describe('sets API', () => {
  it('lists all 190 products, boosters first with their codes', async () => {
    const { status, body } = await getJson<SetListResponse>(ctx.app, '/api/sets');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(190);
    expect(body.items[0]).toMatchObject({ kind: 'booster', gameCategory: 'onepiece' });
    const op01 = body.items.find((s) => s.code === 'OP-01');
    expect(op01).toMatchObject({ slug: 'op-01', name: 'Romance Dawn', releaseYear: 2022 });
    expect(body.items.filter((s) => s.kind === 'promo').length).toBeGreaterThan(50);
  });

  it('returns a set with its cards, by slug in any case', async () => {
    const { status, body } = await getJson<SetDetailResponse>(ctx.app, '/api/sets/op-01');
    expect(status).toBe(200);
    expect(body.cards).toHaveLength(body.size);
    expectEvery(body.cards, (c) => c.set?.slug === 'op-01');
    expect(body.cards[0]?.cardNumber).toBe('OP01-001');
    expect((await ctx.app.request('/api/sets/OP-01')).status).toBe(200);
  });

  // Issue 46, item 13: "cards" meant prints on /sets and card numbers in set completion. The API gives both, and
  // writes the names the card list shouts (-ADVENTURE ON KAMI'S ISLAND- [OP-15-EB04]) as players write them.
  it('counts each product in card numbers (what set completion counts) and in prints, and names it as players do', async () => {
    const { body } = await getJson<SetListResponse>(ctx.app, '/api/sets');
    const combined = body.items.find((s) => s.code === 'OP-15-EB04')!;
    expect(combined.name).toBe("Adventure on Kami's Island");
    expect(body.items.find((s) => s.code === 'EB-02')!.name).toBe('Anime 25th Collection');
    const detail = (await getJson<SetDetailResponse>(ctx.app, '/api/sets/op-15-eb04')).body;
    expect(combined.size).toBe(detail.cards.length);
    expect(combined.cardNumbers).toBe(new Set(detail.cards.map((c) => c.cardNumber)).size);
    expect(combined.cardNumbers).toBeLessThan(combined.size);
    expect(detail.cards[0]!.set!.name).toBe("Adventure on Kami's Island");
  });

  it('404s an unknown slug', async () => {
    const { status, body } = await getJson<ErrorResponse>(ctx.app, '/api/sets/op-99');
    expect(status).toBe(404);
    expect(body.error.code).toBe('SET_NOT_FOUND');
  });
});
