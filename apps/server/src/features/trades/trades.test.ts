/**
 * Trade proposals (issue 44, docs/trades.md "Proposals"): POST /api/trades and its refusals (each code), the same 404
 * for a missing user and one who did not opt in, the plan's 3 open proposals on Free, the two parties' reads, the
 * steps and who may take them, and completion moving the copies exactly once (Trade binders → the chosen binder,
 * wishlist wants dropped), refused with nothing moved when a promised copy is gone.
 */
import type { BinderCardsResponse, BinderDetail } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import type { Trade, TradeListResponse } from '@grandline/core/contracts/trades';
import type { NotificationListResponse } from '@grandline/core/contracts/watches';
import { LOCKED_FEATURES } from '@grandline/core/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { binders, tradingSettings, users } from '../../db/schema/index';
import { createAuthTestApp, grantPlan, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { drainTradeNotices } from './trade-notices';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let cardA: Card;
let cardB: Card;
let cardC: Card;
/** Another print of cardB's number. */
let cardB2: Card;

type Answer = { status: number; text: string; body: Trade & TradeListResponse & { error: { code: string; message: string; feature?: string } } };
const call = async (method: string, path: string, who?: string, body?: unknown): Promise<Answer> => {
  const headers: Record<string, string> = who ? { Cookie: cookies[who]! } : {};
  const res = await ctx.app.request(path, body === undefined ? { method, headers: { ...headers, Origin: 'http://localhost' } } : { ...postJson(body, headers), method });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : {} };
};
const propose = (who: string, body: Record<string, unknown>) => call('POST', '/api/trades', who, body);
const step = (who: string, id: string, action: string, body?: unknown) => call('POST', `/api/trades/${id}/${action}`, who, body ?? {});
const binder = async (who: string, category: string, name = category) => {
  const res = await call('POST', '/api/binders', who, { name, category });
  expect(res.status).toBe(201);
  return (res.body as unknown as BinderDetail).id;
};
const add = async (who: string, id: string, cards: Record<string, unknown>[]) => expect((await call('POST', `/api/binders/${id}/cards`, who, { cards })).status).toBe(200);
const rows = async (who: string, id: string) => ((await call('GET', `/api/binders/${id}/cards?pageSize=200`, who)).body as unknown as BinderCardsResponse).items;
const open = (who: string, isOpen = true) =>
  ctx.db.insert(tradingSettings).values({ userId: ids[who]!, open: isOpen }).onConflictDoUpdate({ target: tradingSettings.userId, set: { open: isOpen } });

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  for (const name of ['ann', 'ben', 'cat', 'dan']) {
    cookies[name] = await signUpVerified(ctx, `${name}-trades@example.com`);
    await call('POST', '/api/me/accept-terms', name, { username: `${name}_trades`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true });
    ids[name] = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, `${name}-trades@example.com`)))[0]!.id;
  }
  // Ben is on Hobby (many proposals); Ann, Cat and Dan on Free.
  await grantPlan(ctx, 'ben-trades@example.com', 'hobby');
  const index = await catalogueIndex(ctx.db);
  const all = [...index.byId.values()];
  cardB = all.find((c) => c.isVariation && c.variant === 'p1' && c.set?.code)!;
  cardB2 = all.find((c) => c.cardNumber === cardB.cardNumber && c.id !== cardB.id)!;
  const others = all.filter((c) => !c.isVariation && c.cardNumber !== cardB.cardNumber);
  cardA = others[0]!;
  cardC = others[1]!;
  expect([cardA, cardB, cardB2, cardC].every(Boolean)).toBe(true);
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate trades, trading_settings, notifications cascade`);
  await ctx.db.delete(binders);
  for (const name of ['ann', 'ben', 'cat']) await open(name);
});

/** Ann's Trade binder holds 3 of A (2 NM EN, 1 SP JP); Ben's holds 2 of B. */
async function stock() {
  const annTrade = await binder('ann', 'trade');
  await add('ann', annTrade, [
    { cardId: cardA.id, quantity: 2, condition: 'NM', language: 'EN' },
    { cardId: cardA.id, quantity: 1, condition: 'SP', language: 'JP' },
  ]);
  const benTrade = await binder('ben', 'trade');
  await add('ben', benTrade, [{ cardId: cardB.id, quantity: 2 }]);
  return { annTrade, benTrade };
}

describe('proposing a trade', () => {
  it('proposes within both Trade binders: 201 with the Trade, listed for both parties', async () => {
    await stock();
    const res = await propose('ann', { to: 'BEN_trades', give: [{ cardId: cardA.id, quantity: 3 }], get: [{ cardId: cardB.id, quantity: 2 }], note: ' For your B ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'proposed',
      mine: true,
      proposer: { username: 'ann_trades' },
      recipient: { username: 'ben_trades' },
      give: [{ cardId: cardA.id, cardNumber: cardA.cardNumber, quantity: 3 }],
      get: [{ cardId: cardB.id, variant: 'p1', quantity: 2 }],
      note: 'For your B',
      proposerReceived: false,
      recipientReceived: false,
      completedAt: null,
    });
    const forBen = await call('GET', '/api/trades', 'ben');
    expect(forBen.body.items.map((t) => [t.id, t.mine])).toEqual([[res.body.id, false]]);
    expect((await call('GET', `/api/trades/${res.body.id}`, 'ben')).body.id).toBe(res.body.id);
  });

  it('refuses each bad proposal with its code and keeps nothing', async () => {
    await stock();
    const give = [{ cardId: cardA.id, quantity: 1 }];
    const cases: [Record<string, unknown>, number, string][] = [
      [{ to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 4 }] }, 400, 'TRADE_NOT_ENOUGH_COPIES'],
      [{ to: 'ben_trades', get: [{ cardId: cardB.id, quantity: 3 }] }, 400, 'TRADE_NOT_ENOUGH_COPIES'],
      [{ to: 'ben_trades', give: [...give, ...give] }, 400, 'TRADE_LINE_REPEATED'],
      [{ to: 'ben_trades', give: [], get: [] }, 400, 'TRADE_EMPTY'],
      [{ to: 'ben_trades', give: [{ cardId: 99_999_999, quantity: 1 }] }, 400, 'INVALID_CARD'],
      [{ to: 'ann_trades', give }, 400, 'TRADE_WITH_SELF'],
      [{ to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 0 }] }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const res = await propose('ann', body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    await open('ann', false);
    expect((await propose('ann', { to: 'ben_trades', give })).body.error.code).toBe('TRADING_NOT_OPEN');
    expect((await call('GET', '/api/trades', 'ben')).body.items).toEqual([]);
  });

  it('answers byte for byte the same 404 for a user who does not exist and one who did not opt in', async () => {
    await stock();
    const give = [{ cardId: cardA.id, quantity: 1 }];
    const closed = await propose('ann', { to: 'dan_trades', give });
    const missing = await propose('ann', { to: 'nobody_trades', give });
    expect(closed.status).toBe(404);
    expect(closed.body.error.code).toBe('TRADER_NOT_FOUND');
    expect(closed.text).toBe(missing.text);
    expect((await propose('ann', { to: 'no\u0000body', give })).text).toBe(missing.text);
    // A user whose countries leave the proposer out is answered the same (the matches never show them either).
    await ctx.db.update(tradingSettings).set({ countries: ['ZZ'] }).where(eq(tradingSettings.userId, ids.ben!));
    expect((await propose('ann', { to: 'ben_trades', give })).text).toBe(missing.text);
    await ctx.db.update(tradingSettings).set({ countries: [] }).where(eq(tradingSettings.userId, ids.ben!));
    expect((await propose('ann', { to: 'ben_trades', give })).status).toBe(201);
    // Turning trading off hides a user at once.
    await open('ben', false);
    expect((await propose('ann', { to: 'ben_trades', give })).text).toBe(missing.text);
    // A proposer who is not open either is answered the same 404 for them (the recipient is looked at first).
    await open('ann', false);
    const fromClosed = await propose('ann', { to: 'dan_trades', give });
    expect([fromClosed.status, fromClosed.text]).toEqual([404, missing.text]);
    expect((await propose('ann', { to: 'nobody_trades', give })).text).toBe(missing.text);
  });

  it('lets Free have 3 open proposals (PLAN_LIMIT for a 4th, also in a burst), and frees a place when one is cancelled', async () => {
    await stock();
    const body = { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 1 }] };
    const burst = await Promise.all(Array.from({ length: 5 }, () => propose('ann', body)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const refused = burst.find((r) => r.status === 403)!;
    expect(refused.body.error).toMatchObject({ code: 'PLAN_LIMIT', feature: 'tradeProposals', message: LOCKED_FEATURES.tradeProposals });
    const first = burst.find((r) => r.status === 201)!;
    expect((await step('ann', first.body.id, 'cancel')).body.status).toBe('cancelled');
    expect((await propose('ann', body)).status).toBe(201);
    // Hobby has no limit.
    await add('ben', await binder('ben', 'trade', 'More'), [{ cardId: cardC.id, quantity: 9 }]);
    for (let i = 0; i < 4; i++) expect((await propose('ben', { to: 'ann_trades', give: [{ cardId: cardC.id, quantity: 1 }] })).status).toBe(201);
  });
});

describe('the steps of a trade', () => {
  const proposeAB = async () => (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 3 }], get: [{ cardId: cardB.id, quantity: 2 }] })).body.id;

  it('lets only its parties see it, and gives the same 404 to anyone else and to a bad id', async () => {
    await stock();
    const id = await proposeAB();
    const other = await call('GET', `/api/trades/${id}`, 'cat');
    const none = await call('GET', '/api/trades/00000000-0000-4000-8000-000000000000', 'cat');
    expect(other.status).toBe(404);
    expect(other.text).toBe(none.text);
    for (const action of ['accept', 'decline', 'cancel', 'complete']) expect((await step('cat', id, action)).text, action).toBe(none.text);
    // An id that is not a trade's at all (not even a UUID) is answered the same: 404, never 400.
    for (const bad of ['12345', 'not-a-trade', `${id}x`]) {
      expect((await call('GET', `/api/trades/${bad}`, 'ann')).text, bad).toBe(none.text);
      for (const action of ['accept', 'decline', 'cancel', 'complete']) expect((await step('ben', bad, action)).text, `${bad} ${action}`).toBe(none.text);
    }
    expect((await call('GET', '/api/trades', 'cat')).body.items).toEqual([]);
    expect((await call('GET', `/api/trades/${id}`)).status).toBe(401);
  });

  it('takes each step only from the right party and status', async () => {
    await stock();
    const id = await proposeAB();
    expect((await step('ann', id, 'accept')).body.error.code).toBe('TRADE_WRONG_PARTY');
    expect((await step('ben', id, 'cancel')).body.error.code).toBe('TRADE_WRONG_PARTY');
    expect((await step('ann', id, 'complete')).body.error.code).toBe('TRADE_WRONG_STATUS');
    expect((await step('ben', id, 'accept')).body.status).toBe('accepted');
    const again = await step('ben', id, 'decline');
    expect([again.status, again.body.error.code]).toEqual([409, 'TRADE_WRONG_STATUS']);
    expect((await step('ann', id, 'cancel')).body.status).toBe('cancelled');
    expect((await step('ann', id, 'complete')).status).toBe(409);
    const declined = await proposeAB();
    expect((await step('ben', declined, 'decline')).body.status).toBe('declined');
    expect((await step('ben', declined, 'accept')).body.error.code).toBe('TRADE_WRONG_STATUS');
  });

  it('refuses to accept when a promised copy left the Trade binder', async () => {
    const { benTrade } = await stock();
    const id = await proposeAB();
    const [row] = await rows('ben', benTrade);
    expect((await call('POST', `/api/binders/${benTrade}/cards/delete`, 'ben', { rowIds: [row!.id] })).status).toBeLessThan(300);
    const res = await step('ben', id, 'accept');
    expect([res.status, res.body.error.code]).toEqual([409, 'TRADE_COPIES_MISSING']);
    expect((await call('GET', `/api/trades/${id}`, 'ann')).body.status).toBe('proposed');
  });
});

describe('trade notices', () => {
  const inbox = async (who: string) => ((await call('GET', '/api/notifications', who)).body as unknown as NotificationListResponse).items.filter((n) => n.kind === 'trade');
  const delivered = () => drainTradeNotices({ db: ctx.db, log: testLog, mail: { mailer: ctx.mail.mailer, publicUrl: TEST_PUBLIC_URL } });

  it('tells the other party of each step: in the bell, and by e-mail in their language', async () => {
    await stock();
    await ctx.db.execute(sql`update profiles set language = 'pt' where id = ${ids.ben!}`);
    const before = ctx.mail.messages.length;
    const id = (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 3 }], get: [{ cardId: cardB.id, quantity: 2 }] })).body.id;
    await delivered();
    const [proposed] = await inbox('ben');
    expect(proposed).toMatchObject({ kind: 'trade', data: { tradeId: id, event: 'proposed', from: { username: 'ann_trades' }, give: 3, get: 2 } });
    const mails = ctx.mail.messages.slice(before).filter((m) => m.to === 'ben-trades@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('propôs uma troca');
    expect(mails[0]!.text).toContain(`/trades/${id}`);
    expect(await inbox('ann')).toEqual([]);
    await step('ben', id, 'accept');
    await step('ann', id, 'complete');
    await step('ann', id, 'complete');
    await step('ben', id, 'complete');
    expect((await inbox('ann')).map((n) => n.kind === 'trade' && n.data.event)).toEqual(['completed', 'accepted']);
    expect((await inbox('ben')).map((n) => n.kind === 'trade' && n.data.event)).toEqual(['received', 'proposed']);
  });
});

describe('completing a trade', () => {
  it('moves the copies once both parties marked it: out of the Trade binders, into the chosen binders, wants dropped', async () => {
    const { annTrade, benTrade } = await stock();
    const benWish = await binder('ben', 'wishlist');
    await add('ben', benWish, [{ cardId: cardA.id, quantity: 1 }, { cardId: cardA.id, quantity: 5, condition: 'NM' }]);
    const annWish = await binder('ann', 'wishlist');
    await add('ann', annWish, [{ cardId: cardB2.id, quantity: 3, anyPrint: true }]);
    const benShelf = await binder('ben', 'personal', 'Shelf');
    const id = (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 3 }], get: [{ cardId: cardB.id, quantity: 2 }] })).body.id;
    await step('ben', id, 'accept');
    const half = await step('ben', id, 'complete', { binderId: benShelf });
    expect(half.body).toMatchObject({ status: 'accepted', recipientReceived: true, proposerReceived: false });
    expect(await rows('ann', annTrade)).toHaveLength(2);
    // Ann has no Personal binder: one is made for her.
    const done = await step('ann', id, 'complete');
    expect(done.body).toMatchObject({ status: 'completed', recipientReceived: true, proposerReceived: true, completedAt: expect.any(String) });
    expect(await rows('ann', annTrade)).toEqual([]);
    expect(await rows('ben', benTrade)).toEqual([]);
    const shelf = await rows('ben', benShelf);
    expect(shelf.map((r) => [r.card.id, r.quantity, r.condition, r.language]).sort()).toEqual([
      [cardA.id, 1, 'SP', 'JP'],
      [cardA.id, 2, 'NM', 'EN'],
    ]);
    const annBinders = (await ctx.db.select().from(binders).where(eq(binders.userId, ids.ann!))).filter((b) => b.category === 'personal');
    expect(annBinders).toHaveLength(1);
    expect((await rows('ann', annBinders[0]!.id)).map((r) => [r.card.id, r.quantity])).toEqual([[cardB.id, 2]]);
    // Ben wanted 6 of A and got 3; Ann's any-print want of B's number drops by the 2 that came.
    expect((await rows('ben', benWish)).reduce((n, r) => n + r.quantity, 0)).toBe(3);
    expect((await rows('ann', annWish)).map((r) => r.quantity)).toEqual([1]);
    // Completing again moves nothing.
    expect((await step('ann', id, 'complete')).body.status).toBe('completed');
    expect((await step('ben', id, 'complete')).body.status).toBe('completed');
    expect((await rows('ben', benShelf)).reduce((n, r) => n + r.quantity, 0)).toBe(3);
  });

  it('refuses completion when a promised copy is gone, and nothing moves', async () => {
    const { annTrade, benTrade } = await stock();
    const id = (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 3 }], get: [{ cardId: cardB.id, quantity: 2 }] })).body.id;
    await step('ben', id, 'accept');
    await step('ben', id, 'complete');
    const nm = (await rows('ann', annTrade)).find((r) => r.condition === 'NM')!;
    expect((await call('PATCH', `/api/binders/${annTrade}/cards/${nm.id}`, 'ann', { quantity: 1 })).status).toBe(200);
    const res = await step('ann', id, 'complete');
    expect([res.status, res.body.error.code]).toEqual([409, 'TRADE_COPIES_MISSING']);
    expect((await call('GET', `/api/trades/${id}`, 'ann')).body).toMatchObject({ status: 'accepted', proposerReceived: false });
    expect((await rows('ben', benTrade)).map((r) => r.quantity)).toEqual([2]);
    expect((await rows('ann', annTrade)).reduce((n, r) => n + r.quantity, 0)).toBe(2);
  });

  it('moves the copies exactly once when both parties, and one party twice, complete at once', async () => {
    const { annTrade, benTrade } = await stock();
    const id = (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 2 }], get: [{ cardId: cardB.id, quantity: 1 }] })).body.id;
    await step('ben', id, 'accept');
    // A mark sent with Content-Type: application/json and no body at all is a mark without a binder, not bad JSON.
    const bare = await ctx.app.request(`/api/trades/${id}/complete`, { method: 'POST', headers: { Cookie: cookies.ben!, Origin: 'http://localhost', 'Content-Type': 'application/json' } });
    expect(bare.status, await bare.clone().text()).toBe(200);
    expect(((await bare.json()) as Trade).recipientReceived).toBe(true);
    const answers = await Promise.all([step('ann', id, 'complete'), step('ben', id, 'complete'), step('ann', id, 'complete'), step('ben', id, 'complete')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await call('GET', `/api/trades/${id}`, 'ann')).body.status).toBe('completed');
    expect((await rows('ann', annTrade)).reduce((n, r) => n + r.quantity, 0)).toBe(1);
    expect((await rows('ben', benTrade)).reduce((n, r) => n + r.quantity, 0)).toBe(1);
    const personal = (await ctx.db.select().from(binders)).filter((b) => b.category === 'personal');
    let received = 0;
    for (const b of personal) for (const r of await rows(b.userId === ids.ann ? 'ann' : 'ben', b.id)) received += r.quantity;
    expect(received).toBe(3);
    // Ann had no Personal binder: her two marks at once made one.
    expect(personal.filter((b) => b.userId === ids.ann)).toHaveLength(1);
  });

  it('completes two trades between the same two users, each the other way round, at once: both move, neither fails', async () => {
    const { annTrade, benTrade } = await stock();
    const one = (await propose('ann', { to: 'ben_trades', give: [{ cardId: cardA.id, quantity: 1 }], get: [{ cardId: cardB.id, quantity: 1 }] })).body.id;
    const two = (await propose('ben', { to: 'ann_trades', give: [{ cardId: cardB.id, quantity: 1 }], get: [{ cardId: cardA.id, quantity: 1 }] })).body.id;
    expect((await step('ben', one, 'accept')).status).toBe(200);
    expect((await step('ann', two, 'accept')).status).toBe(200);
    expect((await step('ann', one, 'complete')).status).toBe(200);
    expect((await step('ben', two, 'complete')).status).toBe(200);
    // Each completion takes copies out of both parties' Trade binders: the two wait for each other, never deadlock.
    const answers = await Promise.all([step('ben', one, 'complete'), step('ann', two, 'complete')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const id of [one, two]) expect((await call('GET', `/api/trades/${id}`, 'ann')).body.status).toBe('completed');
    expect((await rows('ann', annTrade)).reduce((n, r) => n + r.quantity, 0)).toBe(1);
    expect(await rows('ben', benTrade)).toEqual([]);
  });
});
