/**
 * The plan gates of binders, decks, cards per binder, private items and CSV exports (issue 16): each at the limit and
 * one past it, on Free and on Hobby; what a user made before a limit stays readable and editable; a refused change
 * leaves nothing behind. The numbers come from packages/core plans.ts (ADR 017).
 */
import { LOCKED_FEATURES, MAX_BINDERS_PER_USER, PLAN_LIMITS } from '@grandline/core/plans';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binders, csvExports, decks, users } from '../../db/schema/index';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';
import { exportBinder } from '../binders/binder-files.service';
import { catalogueIndex } from '../../catalogue/catalogue-index';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let free: string;
let hobby: string;
let freeId: string;
let cardIds: number[];
const FREE = PLAN_LIMITS.free;

type Answer = { status: number; body: { id: string; isPublic: boolean; error: Record<string, unknown> } & Record<string, unknown> };
const send = async (method: string, path: string, body: unknown, cookie: string): Promise<Answer> => {
  const res = await ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
  return { status: res.status, body: (await res.json().catch(() => null)) as Answer['body'] };
};
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const expectLocked = (res: Answer, feature: keyof typeof LOCKED_FEATURES) => {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ code: 'PLAN_LIMIT', message: LOCKED_FEATURES[feature], feature });
};
const newBinder = (cookie: string, body: Record<string, unknown> = {}) => send('POST', '/api/binders', { name: 'B', category: 'personal', ...body }, cookie);
const newDeck = (cookie: string, body: Record<string, unknown> = {}) => send('POST', '/api/decks', { name: 'D', format: 'extra', ...body }, cookie);
const idOf = (email: string) => ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).then(([u]) => u!.id);
const clear = async (userId: string) => {
  await ctx.db.delete(binders).where(eq(binders.userId, userId));
  await ctx.db.delete(decks).where(eq(decks.userId, userId));
  await ctx.db.delete(csvExports).where(eq(csvExports.userId, userId));
};

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  free = await signUpVerified(ctx, 'free-gates@example.com');
  hobby = await signUpVerified(ctx, 'hobby-gates@example.com');
  for (const [cookie, username] of [[free, 'free_gates'], [hobby, 'hobby_gates']] as const) {
    await send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);
  }
  await grantPlan(ctx, 'hobby-gates@example.com', 'hobby');
  freeId = await idOf('free-gates@example.com');
  cardIds = [...(await catalogueIndex(ctx.db)).byId.keys()].slice(0, 5);
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('binders per user', () => {
  it(`gives Free ${FREE.binders} binders (the wishlist aside) and Hobby more`, async () => {
    await clear(freeId);
    for (let i = 0; i < FREE.binders!; i++) expect((await newBinder(free, { name: `B${i}` })).status).toBe(201);
    // The wishlist is a list, not a binder: it does not count, and is made even at the limit.
    expect((await send('POST', '/api/wishlist/cards', { cards: [{ cardId: cardIds[0], quantity: 1 }] }, free)).status).toBe(200);
    expectLocked(await newBinder(free, { name: 'One too many' }), 'binders');
    expect(await ctx.db.$count(binders, eq(binders.userId, freeId))).toBe(FREE.binders! + 1);
    const hobbyId = await idOf('hobby-gates@example.com');
    await clear(hobbyId);
    for (let i = 0; i <= FREE.binders!; i++) expect((await newBinder(hobby, { name: `H${i}` })).status).toBe(201);
  });

  it('keeps a hard cap on every plan (a 400 that names it)', async () => {
    const hobbyId = await idOf('hobby-gates@example.com');
    await clear(hobbyId);
    await ctx.db.insert(binders).values(Array.from({ length: MAX_BINDERS_PER_USER - 1 }, (_, i) => ({ id: randomUUID(), userId: hobbyId, name: `x${i}`, category: 'trade' })));
    expect((await newBinder(hobby)).status).toBe(201);
    const past = await newBinder(hobby);
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(`A user can have at most ${MAX_BINDERS_PER_USER} binders`);
    await clear(hobbyId);
  });

  it('counts a wishlist turned into a binder', async () => {
    await clear(freeId);
    for (let i = 0; i < FREE.binders!; i++) await newBinder(free, { name: `B${i}` });
    const wish = await send('POST', '/api/binders', { name: 'Wants', category: 'wishlist' }, free);
    expect(wish.status).toBe(201);
    // A wishlist stays private on Free (it is a list, not a collection).
    expect(wish.body.isPublic).toBe(false);
    expectLocked(await send('PATCH', `/api/binders/${wish.body.id}`, { category: 'trade', isPublic: true }, free), 'binders');
  });
});

describe('private binders, and decks private by default', () => {
  it('makes Free binders public and refuses a private one; Hobby chooses', async () => {
    await clear(freeId);
    const made = await newBinder(free);
    expect(made.body.isPublic).toBe(true);
    expectLocked(await newBinder(free, { isPublic: false }), 'privateItems');
    expectLocked(await send('PATCH', `/api/binders/${made.body.id}`, { isPublic: false }, free), 'privateItems');
    // Nothing was made by the refused requests.
    expect(await ctx.db.$count(binders, eq(binders.userId, freeId))).toBe(1);
    expect((await newBinder(hobby)).body.isPublic).toBe(false);
    expect((await newBinder(hobby, { isPublic: true })).body.isPublic).toBe(true);
  });

  it('gives every plan private decks by default (the spec\'s deck insert), keeps them private, and public ones public', async () => {
    await clear(freeId);
    // Free: private unless asked; private on request too; a public deck made private again.
    const deck = await newDeck(free);
    expect(deck.status).toBe(201);
    expect(deck.body.isPublic).toBe(false);
    expect((await newDeck(free, { isPublic: false })).body.isPublic).toBe(false);
    const shown = await newDeck(free, { isPublic: true });
    expect(shown.body.isPublic).toBe(true);
    expect((await send('PATCH', `/api/decks/${deck.body.id}`, { name: 'Still private' }, free)).body).toMatchObject({ name: 'Still private', isPublic: false });
    expect((await send('PATCH', `/api/decks/${shown.body.id}`, { name: 'Renamed' }, free)).body).toMatchObject({ isPublic: true });
    expect((await send('PATCH', `/api/decks/${shown.body.id}`, { isPublic: false }, free)).body).toMatchObject({ isPublic: false });
    // A visitor gets the private deck's 404.
    expect((await get(`/api/decks/${deck.body.id}`)).status).toBe(404);
    expect((await newDeck(hobby)).body.isPublic).toBe(false);
  });

  it('leaves a binder made private on Hobby private and editable after its owner drops to Free', async () => {
    await grantPlan(ctx, 'free-gates@example.com', 'hobby');
    const binder = await newBinder(free, { isPublic: false });
    expect(binder.body.isPublic).toBe(false);
    await grantPlan(ctx, 'free-gates@example.com', 'free');
    const renamed = await send('PATCH', `/api/binders/${binder.body.id}`, { name: 'Still mine', isPublic: false }, free);
    expect(renamed.body).toMatchObject({ name: 'Still mine', isPublic: false });
    // Made public, it cannot go back on Free.
    expect((await send('PATCH', `/api/binders/${binder.body.id}`, { isPublic: true }, free)).status).toBe(200);
    expectLocked(await send('PATCH', `/api/binders/${binder.body.id}`, { isPublic: false }, free), 'privateItems');
  });
});

describe('decks per user', () => {
  it(`gives Free ${FREE.decks} decks (copies count) and Hobby more; a copy is private on every plan`, async () => {
    await clear(freeId);
    const first = await newDeck(free);
    for (let i = 1; i < FREE.decks! - 1; i++) expect((await newDeck(free, { name: `D${i}` })).status).toBe(201);
    const copy = await send('POST', `/api/decks/${first.body.id}/copy`, undefined, free);
    expect(copy.status).toBe(201);
    expect(copy.body.isPublic).toBe(false);
    expectLocked(await newDeck(free), 'decks');
    expectLocked(await send('POST', `/api/decks/${first.body.id}/copy`, undefined, free), 'decks');
    const hobbyId = await idOf('hobby-gates@example.com');
    await clear(hobbyId);
    for (let i = 0; i <= FREE.decks!; i++) expect((await newDeck(hobby, { name: `H${i}` })).status).toBe(201);
  });
});

describe('cards per binder', () => {
  const limit = FREE.cardsPerBinder!;
  const add = (cookie: string, id: string, quantity: number, cardId = cardIds[0]) => send('POST', `/api/binders/${id}/cards`, { cards: [{ cardId, quantity }] }, cookie);
  const copies = async (id: string, cookie: string) => ((await (await get(`/api/binders/${id}`, cookie)).json()) as { cardCount: number }).cardCount;

  it(`fills a Free binder to ${limit} copies and refuses one more, leaving it as it was`, async () => {
    await clear(freeId);
    const { id } = (await newBinder(free)).body;
    expect((await add(free, id, limit - 1)).status).toBe(200);
    expect((await add(free, id, 1, cardIds[1])).status).toBe(200);
    expectLocked(await add(free, id, 1, cardIds[2]), 'cardsPerBinder');
    expect(await copies(id, free)).toBe(limit);
    // Raising a row's copies is adding cards; lowering is always allowed.
    const rows = (await (await get(`/api/binders/${id}/cards?pageSize=10`, free)).json()) as { items: { id: number; quantity: number }[] };
    const big = rows.items.find((r) => r.quantity === limit - 1)!;
    expectLocked(await send('PATCH', `/api/binders/${id}/cards/${big.id}`, { quantity: limit }, free), 'cardsPerBinder');
    expect((await send('PATCH', `/api/binders/${id}/cards/${big.id}`, { quantity: limit - 10 }, free)).status).toBe(200);
    // An import past the limit is refused whole.
    const list = `20x${(await catalogueIndex(ctx.db)).byId.get(cardIds[3]!)!.cardNumber}\n`;
    const imported = await ctx.app.request(`/api/binders/${id}/import?format=optcgsim`, { method: 'POST', body: list, headers: { Cookie: free, 'Content-Type': 'text/plain', Origin: 'http://localhost' } });
    expect(imported.status).toBe(403);
    expect(await copies(id, free)).toBe(limit - 9);
  });

  it(`holds ${limit} copies under 20 parallel adds and quantity raises (one change at a time per binder, on PostgreSQL too)`, async () => {
    await clear(freeId);
    const { id } = (await newBinder(free)).body;
    const many = [...(await catalogueIndex(ctx.db)).byId.keys()].slice(0, 40);
    expect((await add(free, id, limit - 100, many[0])).status).toBe(200);
    // Twenty requests at once, each adding 10 copies of its own print: room for ten of them.
    const answers = await Promise.all(many.slice(1, 21).map((cardId) => add(free, id, 10, cardId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) expectLocked(refused, 'cardsPerBinder');
    expect(await copies(id, free)).toBe(limit);
    // Quantity raises of existing rows race the same way (the one-statement path).
    const rows = ((await (await get(`/api/binders/${id}/cards?pageSize=50`, free)).json()) as { items: { id: number; quantity: number }[] }).items;
    const small = rows.filter((r) => r.quantity === 10);
    expect((await send('PATCH', `/api/binders/${id}/cards/${rows.find((r) => r.quantity > 10)!.id}`, { quantity: limit - 100 - 50 }, free)).status).toBe(200);
    const raised = await Promise.all(small.map((r) => send('PATCH', `/api/binders/${id}/cards/${r.id}`, { quantity: 20 }, free)));
    expect(raised.filter((a) => a.status === 200)).toHaveLength(5);
    expect(await copies(id, free)).toBe(limit);
  });

  it('lets Hobby go past it, and a binder made then stay as it is on Free (smaller, never bigger)', async () => {
    await grantPlan(ctx, 'free-gates@example.com', 'hobby');
    const { id } = (await newBinder(free)).body;
    expect((await add(free, id, limit + 100)).status).toBe(200);
    await grantPlan(ctx, 'free-gates@example.com', 'free');
    expectLocked(await add(free, id, 1, cardIds[1]), 'cardsPerBinder');
    const [row] = ((await (await get(`/api/binders/${id}/cards`, free)).json()) as { items: { id: number }[] }).items;
    expect((await send('PATCH', `/api/binders/${id}/cards/${row!.id}`, { quantity: limit + 50 }, free)).status).toBe(200);
    expect((await send('PATCH', `/api/binders/${id}/cards/${row!.id}`, { condition: 'NM' }, free)).status).toBe(200);
    expect(await copies(id, free)).toBe(limit + 50);
  });
});

describe('CSV exports of binders', () => {
  it('counts a binder CSV as one of the month’s exports (not its OPTCG Sim list), needs a signed-in viewer, and starts again on the 1st (UTC)', async () => {
    await clear(freeId);
    const { id } = (await newBinder(free)).body;
    await send('POST', `/api/binders/${id}/cards`, { cards: [{ cardId: cardIds[0], quantity: 2 }] }, free);
    expect((await get(`/api/binders/${id}/export?format=optcgsim`, free)).status).toBe(200);
    expect((await get(`/api/binders/${id}/export?format=liga`)).status).toBe(401);
    expect((await get(`/api/binders/${id}/export?format=liga`, free)).status).toBe(200);
    const again = await get(`/api/binders/${id}/export?format=prices`, free);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: { code: 'PLAN_LIMIT', message: LOCKED_FEATURES.csvExports } });
    // The same month's usage shows in the report usage too (one counter for every CSV export).
    expect(((await (await get('/api/reports/price-comparison/usage', free)).json()) as { exportsRemaining: number }).exportsRemaining).toBe(0);
    // Hobby exports a Free user's public binder as often as they like.
    for (let i = 0; i < 3; i++) expect((await get(`/api/binders/${id}/export?format=liga`, hobby)).status).toBe(200);
    // An export made on 31 December 23:59 UTC leaves January's free.
    await ctx.db.delete(csvExports).where(eq(csvExports.userId, freeId));
    const viewer = { id: freeId };
    await exportBinder({ db: ctx.db, viewer, id, format: 'liga', plan: 'free', now: new Date('2026-12-31T23:59:00Z') });
    await expect(exportBinder({ db: ctx.db, viewer, id, format: 'liga', plan: 'free', now: new Date('2026-12-31T23:59:30Z') })).rejects.toMatchObject({ code: 'PLAN_LIMIT' });
    expect((await exportBinder({ db: ctx.db, viewer, id, format: 'liga', plan: 'free', now: new Date('2027-01-01T00:00:00Z') })).body).toContain('quantity');
  });
});

describe('advanced statistics', () => {
  it('shows Free (and visitors) the last 30 days of a value history, and Hobby 90 and 365', async () => {
    const { id } = (await newBinder(free)).body;
    for (const days of ['30', '90', '365']) {
      const path = `/api/collection/portfolio/value/history?days=${days}`;
      const own = await send('GET', path, undefined, free);
      if (days === '30') expect(own.status).toBe(200);
      else expectLocked(own, 'advancedStatistics');
      expect((await get(`/api/binders/${id}/value/history?days=${days}`)).status).toBe(days === '30' ? 200 : 403);
      expect((await send('GET', path, undefined, hobby)).status).toBe(200);
      expect((await get(`/api/binders/${id}/value/history?days=${days}`, hobby)).status).toBe(200);
    }
  });
});
