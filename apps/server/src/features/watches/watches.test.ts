/**
 * Price alerts (issue 15): every rule and message of spec §5 and §8, the Free plan's limit, the one-pass evaluation
 * after an ingest (fires once, not again for the same price, re-armed by an edit), currencies and the BR estimate,
 * and the notifications it leaves.
 */
import { convertCents, FX_SNAPSHOT } from '@grandline/core/prices/fx';
import type { NotificationListResponse, Watch, WatchListResponse } from '@grandline/core/contracts/watches';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { cards, notificationStreams, users } from '../../db/schema';
import { buildApp } from '../../app';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';
import { NOTIFICATIONS_CHANNEL } from '../../lib/notification-events';
import { STREAM_STALE_MS } from './notification-stream';
import { alertTexts, sendAlertEmails } from './alert-mail';
import { evaluateWatches, evaluateWatchesOnPriceChanges } from './watches.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let alice: string;
let bob: string;
let bobId: string;
let nami: number;
let zoro: number;
let luffy: number;
let shanks: number;
const config = DEFAULT_PRICE_CONFIG;
const events = createLocalEvents();

const send = (method: string, path: string, body: unknown, cookie: string) => ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const accept = (cookie: string, username: string) =>
  send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);

async function printId(number: string) {
  const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
  return row!.id;
}

/** Stores a print's current price on a market through the real ingest (a price file), as an upload would. */
async function setPrices(market: 'us' | 'br' | 'market4', rows: [number: string, min: string, currency: string][]) {
  const csv = `card_number,variant,min,avg,max,currency\n${rows.map(([n, min, cur]) => `${n},,${min},${min},${min},${cur}`).join('\n')}\n`;
  const run = await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, market), day: utcToday(), trigger: 'cli' });
  expect(run.status).toBe('succeeded');
  pricesLanded();
}

async function watch(cookie: string, body: Record<string, unknown>) {
  const res = await send('POST', '/api/watches', body, cookie);
  return { status: res.status, body: (await res.json()) as Watch & { error: { code: string; message: string } } };
}

const evaluate = () => evaluateWatches({ db: ctx.db, config });

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, events });
  alice = await signUpVerified(ctx, 'alice-watch@example.com');
  bob = await signUpVerified(ctx, 'bob-watch@example.com');
  await accept(alice, 'alice_watch');
  await accept(bob, 'bob_watch');
  bobId = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'bob-watch@example.com')))[0]!.id;
  [nami, zoro, luffy, shanks] = (await Promise.all(['OP01-016', 'OP01-001', 'OP01-003', 'OP01-120'].map(printId))) as [number, number, number, number];
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate watches, notifications, card_prices, card_price_latest, price_products, price_runs`);
  pricesLanded();
});

describe('POST /api/watches', () => {
  it('creates a watch with the current min price in the watch currency', async () => {
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    const created = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ market: 'us', direction: 'below', threshold: 1.5, currency: 'USD', status: 'watching', currentPrice: 200, triggeredAt: null });
    expect(created.body.card.cardNumber).toBe('OP01-016');
    // The same rule in BRL: 2 USD at the snapshot rate (no rates stored).
    const inBrl = await watch(alice, { cardId: nami, market: 'us', direction: 'above', threshold: 50, currency: 'BRL' });
    expect(inBrl.body.currentPrice).toBe(convertCents(200, 'USD', 'BRL', FX_SNAPSHOT.rates));
  });

  it("refuses a threshold that is not a positive number with the spec's message", async () => {
    for (const threshold of [0, -1, 0.001, '12', null]) {
      const res = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold, currency: 'USD' });
      expect(res.status, String(threshold)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid threshold: Please enter a valid positive number' });
    }
    // Past the largest threshold: the message names the maximum.
    for (const threshold of [10_000_000.01, 1e12]) {
      const res = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold, currency: 'USD' });
      expect(res.status, String(threshold)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid threshold: The threshold can be at most 10,000,000' });
    }
    const noDirection = await watch(alice, { cardId: nami, market: 'us', direction: 'sideways', threshold: 1, currency: 'USD' });
    expect(noDirection.status).toBe(400);
    const noCard = await watch(alice, { cardId: 2_000_000_000, market: 'us', direction: 'below', threshold: 1, currency: 'USD' });
    expect(noCard.status).toBe(404);
  });

  it('refuses a price already past the threshold, in either direction', async () => {
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    const below = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 2.5, currency: 'USD' });
    expect(below.status).toBe(400);
    expect(below.body.error).toMatchObject({ code: 'PRICE_ALREADY_PAST', message: 'The price is already below the given threshold' });
    const above = await watch(alice, { cardId: nami, market: 'us', direction: 'above', threshold: 2, currency: 'USD' });
    expect(above.body.error).toMatchObject({ code: 'PRICE_ALREADY_PAST', message: 'The price is already above the given threshold' });
    // No price on that market yet: nothing is past.
    expect((await watch(alice, { cardId: nami, market: 'market5', direction: 'below', threshold: 100, currency: 'EUR' })).status).toBe(201);
  });

  it('allows 3 watches on the Free plan; the 4th is a locked feature', async () => {
    for (const [i, cardId] of [nami, zoro, luffy].entries()) {
      expect((await watch(alice, { cardId, market: 'us', direction: 'above', threshold: 100 + i, currency: 'USD' })).status).toBe(201);
    }
    const fourth = await watch(alice, { cardId: shanks, market: 'us', direction: 'above', threshold: 100, currency: 'USD' });
    expect(fourth.status).toBe(403);
    expect(fourth.body.error.code).toBe('PLAN_LIMIT');
    expect(fourth.body.error.message).toMatch(/requires a Hobby Plan subscription$/);
    // Another user's count is their own.
    expect((await watch(bob, { cardId: shanks, market: 'us', direction: 'above', threshold: 100, currency: 'USD' })).status).toBe(201);
    const list = (await (await get('/api/watches', alice)).json()) as WatchListResponse;
    expect(list.items.map((w) => w.card.id)).toEqual([nami, zoro, luffy]);
    expect(list.limit).toBe(3);
  });

  it('refuses the same rule twice, and needs a signed-in user who accepted the terms', async () => {
    expect((await watch(alice, { cardId: nami, market: 'us', direction: 'above', threshold: 100, currency: 'USD' })).status).toBe(201);
    const again = await watch(alice, { cardId: nami, market: 'us', direction: 'above', threshold: 120, currency: 'USD' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('WATCH_EXISTS');
    expect((await get('/api/watches')).status).toBe(401);
    const carol = await signUpVerified(ctx, 'carol-watch@example.com');
    expect((await watch(carol, { cardId: nami, market: 'us', direction: 'above', threshold: 100, currency: 'USD' })).body.error.code).toBe('TOS_REQUIRED');
  });
});

describe('PATCH and DELETE /api/watches/{id}', () => {
  it("edits and removes only the owner's watch", async () => {
    const { body: w } = await watch(alice, { cardId: nami, market: 'us', direction: 'above', threshold: 100, currency: 'USD' });
    expect((await send('PATCH', `/api/watches/${w.id}`, { threshold: 90 }, bob)).status).toBe(404);
    expect((await send('DELETE', `/api/watches/${w.id}`, {}, bob)).status).toBe(404);
    const edited = (await (await send('PATCH', `/api/watches/${w.id}`, { threshold: 90, currency: 'EUR' }, alice)).json()) as Watch;
    expect(edited).toMatchObject({ threshold: 90, currency: 'EUR', status: 'watching' });
    expect((await send('PATCH', `/api/watches/${w.id}`, {}, alice)).status).toBe(400);
    expect((await send('PATCH', '/api/watches/not-a-uuid', { threshold: 1 }, alice)).status).toBe(400);
    expect((await send('DELETE', `/api/watches/${w.id}`, {}, alice)).status).toBe(204);
    expect((await send('DELETE', `/api/watches/${w.id}`, {}, alice)).status).toBe(404);
  });
});

describe('evaluation after prices land', () => {
  it('fires once when the price crosses, not again for the same price, and re-arms on an edit', async () => {
    await setPrices('us', [['OP01-016', '2.00', 'USD'], ['OP01-001', '1.00', 'USD']]);
    const { body: below } = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    const { body: above } = await watch(bob, { cardId: zoro, market: 'us', direction: 'above', threshold: 3, currency: 'USD' });
    expect(await evaluate()).toEqual([]);

    await setPrices('us', [['OP01-016', '1.49', 'USD'], ['OP01-001', '1.10', 'USD']]);
    const fired = await evaluate();
    expect(fired.map((f) => f.watchId)).toEqual([below.id]);
    // The same price again (a new run, a demo price's new day): nothing more.
    await setPrices('us', [['OP01-016', '1.49', 'USD']]);
    expect(await evaluate()).toEqual([]);

    const list = (await (await get('/api/watches', alice)).json()) as WatchListResponse;
    expect(list.items[0]).toMatchObject({ status: 'below_threshold_met', triggeredPrice: 149, currentPrice: 149 });
    const notes = (await (await get('/api/notifications', alice)).json()) as NotificationListResponse;
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({ kind: 'watch_triggered', readAt: null, data: { watchId: below.id, cardId: nami, cardNumber: 'OP01-016', market: 'us', direction: 'below', threshold: 1.5, currency: 'USD', price: 149 } });
    expect(((await (await get('/api/notifications', bob)).json()) as NotificationListResponse).items).toEqual([]);

    // An edit arms it again; a threshold the price is already past is refused.
    expect((await (await send('PATCH', `/api/watches/${below.id}`, { threshold: 2 }, alice)).json()) as { error: { code: string } }).toMatchObject({ error: { code: 'PRICE_ALREADY_PAST' } });
    expect(((await (await send('PATCH', `/api/watches/${below.id}`, { threshold: 1.2 }, alice)).json()) as Watch).status).toBe('watching');
    await setPrices('us', [['OP01-001', '3.00', 'USD'], ['OP01-016', '1.20', 'USD']]);
    expect((await evaluate()).map((f) => f.watchId).sort()).toEqual([above.id, below.id].sort());
  });

  it('says when a demonstration price fired an alert: demo in the notification, no e-mail', async () => {
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    const { body: real } = await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    const { body: shown } = await watch(bob, { cardId: luffy, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    // The market has no price for Luffy: a demonstration price (PRICE_DEMO) stands in, flagged.
    await ctx.db.execute(sql`insert into card_price_latest (card_id, market, day, source, currency, min, avg, max, demo) values (${luffy}, 1, ${utcToday()}, 5, 'USD', 100, 100, 100, true)
      on conflict (card_id, market) do update set min = 100, avg = 100, max = 100, demo = true`);
    await setPrices('us', [['OP01-016', '1.00', 'USD']]);
    expect((await evaluate()).map((f) => f.watchId).sort()).toEqual([real.id, shown.id].sort());
    const dataOf = async (cookie: string) => ((await (await get('/api/notifications', cookie)).json()) as NotificationListResponse).items[0]!.data;
    expect(await dataOf(alice)).toMatchObject({ watchId: real.id, price: 100, demo: false });
    expect(await dataOf(bob)).toMatchObject({ watchId: shown.id, price: 100, demo: true });
    const before = ctx.mail.messages.length;
    expect(await sendAlertEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: 'https://grandline.example/' })).toBe(1);
    expect(ctx.mail.messages.slice(before).map((m) => m.to)).toEqual(['alice-watch@example.com']);
    // Both left the outbox: the demo one is not tried again.
    expect(await sendAlertEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: 'https://grandline.example/' })).toBe(0);
  });

  it('compares in the watch currency at the current rates, and reads br from the US estimate when Liga has none', async () => {
    await setPrices('market4', [['OP01-016', '10.00', 'BRL']]);
    await setPrices('us', [['OP01-001', '1.00', 'USD']]);
    // 10 BRL in USD at the snapshot rate, and a threshold just above and just below it.
    const usd = convertCents(1000, 'BRL', 'USD', FX_SNAPSHOT.rates)!;
    const { body: w } = await watch(alice, { cardId: nami, market: 'market4', direction: 'below', threshold: (usd - 1) / 100, currency: 'USD' });
    expect(w.currentPrice).toBe(usd);
    const estimate = Math.round(100 * config.brImportFactor);
    const { body: br } = await watch(alice, { cardId: zoro, market: 'br', direction: 'above', threshold: (estimate + 50) / 100, currency: 'USD' });
    expect(br).toMatchObject({ currentPrice: estimate, priceEstimate: true });
    expect(await evaluate()).toEqual([]);
    await setPrices('market4', [['OP01-016', '9.00', 'BRL']]);
    await setPrices('us', [['OP01-001', '1.60', 'USD']]);
    const fired = await evaluate();
    expect(fired.map((f) => f.watchId).sort()).toEqual([w.id, br.id].sort());
  });

  it('runs on the prices event, one notice on the notifications channel per evaluation', async () => {
    const raised: string[] = [];
    await events.listen(NOTIFICATIONS_CHANNEL, (payload) => void raised.push(payload));
    const stop = await evaluateWatchesOnPriceChanges({ db: ctx.db, events, config, log: testLog });
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    await setPrices('us', [['OP01-016', '1.00', 'USD']]);
    await events.notify('prices', utcToday());
    await expect.poll(() => raised.length).toBe(1);
    const me = (await (await get('/api/me', alice)).json()) as { user: { id: string } };
    expect(JSON.parse(raised[0]!)).toEqual({ users: [me.user.id] });
    await stop();
  });
});

describe('notifications', () => {
  it('counts unread, marks one and all read, pages newest first, and keeps them per user', async () => {
    const ids: string[] = [];
    for (const [i, cardId] of [nami, zoro, luffy].entries()) ids.push((await watch(alice, { cardId, market: 'us', direction: 'below', threshold: 5 + i, currency: 'USD' })).body.id);
    await setPrices('us', [['OP01-016', '1.00', 'USD'], ['OP01-001', '1.00', 'USD'], ['OP01-003', '1.00', 'USD']]);
    expect(await evaluate()).toHaveLength(3);
    expect(await (await get('/api/notifications/unread-count', alice)).json()).toEqual({ unread: 3 });
    const first = (await (await get('/api/notifications?limit=2', alice)).json()) as NotificationListResponse;
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    const rest = (await (await get(`/api/notifications?limit=2&before=${first.nextBefore}`, alice)).json()) as NotificationListResponse;
    expect(rest).toMatchObject({ nextBefore: null });
    expect(rest.items).toHaveLength(1);
    const one = first.items[0]!.id;
    expect((await send('POST', `/api/notifications/${one}/read`, {}, bob)).status).toBe(404);
    expect((await send('POST', `/api/notifications/${one}/read`, {}, alice)).status).toBe(204);
    expect(await (await get('/api/notifications/unread-count', alice)).json()).toEqual({ unread: 2 });
    expect(await (await send('POST', '/api/notifications/read-all', {}, alice)).json()).toEqual({ updated: 2 });
    expect(await (await get('/api/notifications/unread-count', alice)).json()).toEqual({ unread: 0 });
    expect((await get('/api/notifications/unread-count')).status).toBe(401);
  });
});

describe('GET /api/notifications/stream', () => {
  it('pushes a notification raised after it opened, and sends what came after Last-Event-ID on a reconnect', async () => {
    const stop = await evaluateWatchesOnPriceChanges({ db: ctx.db, events, config, log: testLog });
    const res = await get('/api/notifications/stream', alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const live = sseReader(res.body!);
    expect(await live.next()).toEqual({ event: 'unread', id: undefined, data: '{"unread":0}' });

    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    await setPrices('us', [['OP01-016', '1.25', 'USD']]);
    await events.notify('prices', utcToday());
    const pushed = await live.next();
    expect(pushed.event).toBe('notification');
    expect(JSON.parse(pushed.data!)).toMatchObject({ id: Number(pushed.id), kind: 'watch_triggered', data: { cardId: nami, price: 125 } });
    expect(await live.next()).toMatchObject({ event: 'unread', data: '{"unread":1}' });
    await live.cancel();

    // The browser reconnects with the last id it saw before that one: the missed notification comes first.
    const again = await ctx.app.request('/api/notifications/stream', { headers: { Cookie: alice, 'Last-Event-ID': String(Number(pushed.id) - 1) } });
    const replay = sseReader(again.body!);
    expect(await replay.next()).toMatchObject({ event: 'unread' });
    expect(await replay.next()).toMatchObject({ event: 'notification', id: pushed.id });
    await replay.cancel();
    await stop();
  });

  it('needs a session and a well-formed Last-Event-ID, and caps the streams of one user', async () => {
    expect((await get('/api/notifications/stream')).status).toBe(401);
    expect((await ctx.app.request('/api/notifications/stream', { headers: { Cookie: bob, 'Last-Event-ID': 'abc' } })).status).toBe(400);
    const open = await Promise.all(Array.from({ length: 10 }, () => get('/api/notifications/stream', bob)));
    expect(open.map((r) => r.status)).toEqual(Array(10).fill(200));
    const readers = open.map((r) => sseReader(r.body!));
    await Promise.all(readers.map((r) => r.next()));
    expect((await get('/api/notifications/stream', bob)).status).toBe(429);
    await Promise.all(readers.map((r) => r.cancel()));
  });

  it('caps them over every process and replica, and stops counting a dead process\'s streams', async () => {
    // A second process: its own app and events (its own stream hub), the same database.
    const other = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events: createLocalEvents(), mailer: ctx.mail.mailer });
    const open = (app: typeof other) => app.request('/api/notifications/stream', { headers: { Cookie: bob } });
    // Closed streams leave their rows at once.
    await expect.poll(() => ctx.db.$count(notificationStreams, eq(notificationStreams.userId, bobId))).toBe(0);
    const first = await Promise.all(Array.from({ length: 6 }, () => open(ctx.app)));
    const second = await Promise.all(Array.from({ length: 4 }, () => open(other)));
    expect([...first, ...second].map((r) => r.status)).toEqual(Array(10).fill(200));
    const readers = [...first, ...second].map((r) => sseReader(r.body!));
    await Promise.all(readers.map((r) => r.next()));
    expect((await open(other)).status).toBe(429);
    expect((await open(ctx.app)).status).toBe(429);
    // A process that died leaves rows nobody refreshes: once stale they no longer count.
    await readers[9]!.cancel();
    await expect.poll(() => ctx.db.$count(notificationStreams, eq(notificationStreams.userId, bobId))).toBe(9);
    await ctx.db.update(notificationStreams).set({ seenAt: new Date(Date.now() - STREAM_STALE_MS - 1_000) }).where(eq(notificationStreams.userId, bobId));
    const again = await Promise.all(Array.from({ length: 10 }, () => open(other)));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
    const more = again.map((r) => sseReader(r.body!));
    await Promise.all(more.map((r) => r.next()));
    expect((await open(ctx.app)).status).toBe(429);
    await Promise.all([...readers.slice(0, 9), ...more].map((r) => r.cancel()));
  });
});

describe('alert e-mails', () => {
  it("e-mails each fired alert once, in its owner's language, and none to a user who turned them off", async () => {
    const carol = await signUpVerified(ctx, 'carol-mail-watch@example.com');
    await accept(carol, 'carol_mail');
    expect((await send('PATCH', '/api/me/profile', { language: 'pt' }, alice)).status).toBe(200);
    expect((await send('PATCH', '/api/me/profile', { language: 'es' }, bob)).status).toBe(200);
    const off = (await (await send('PATCH', '/api/me/profile', { alertEmails: false }, carol)).json()) as { profile: { alertEmails: boolean } };
    expect(off.profile.alertEmails).toBe(false);
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    for (const cookie of [alice, bob, carol]) await watch(cookie, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    await setPrices('us', [['OP01-016', '1.00', 'USD']]);
    expect(await evaluate()).toHaveLength(3);
    const before = ctx.mail.messages.length;
    expect(await sendAlertEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: 'https://grandline.example/' })).toBe(2);
    const sent = ctx.mail.messages.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(['alice-watch@example.com', 'bob-watch@example.com']);
    // Intl writes a no-break space between the symbol and the amount.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    const pt = sent.find((m) => m.to === 'alice-watch@example.com')!;
    // Amounts as the interface writes them: in the currency's own locale (USD en-US), not the reader's language.
    expect(spaced(pt.subject)).toBe('Alerta de preço: Nami (OP01-016) agora custa $1.00');
    expect(spaced(pt.text)).toContain('Nami (OP01-016) agora custa $1.00 na TCGplayer, igual ou abaixo do seu alerta de $1.50.');
    expect(pt.text).toContain('https://grandline.example/watchlist');
    expect(pt.text).toContain('https://grandline.example/settings?tab=preferences');
    const es = sent.find((m) => m.to === 'bob-watch@example.com')!;
    expect(es.subject).toBe('Alerta de precio: Nami (OP01-016) ahora cuesta $1.00');
    expect(es.html).toContain('<a href="https://grandline.example/watchlist">');
    // An outbox: nothing is sent twice.
    expect(await sendAlertEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: 'https://grandline.example' })).toBe(0);
  });

  it("writes the amounts of e-mails and push texts in the currency's own locale in every language (EUR 5,33 €)", () => {
    const data = { watchId: 'w', cardId: 1, cardNumber: 'OP01-016', cardName: 'Nami', variant: null, market: 'market5', direction: 'below', threshold: 1234.5, currency: 'EUR', price: 533, demo: false } as const;
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(alertTexts(data, 'en').line)).toBe('Nami (OP01-016) is now 5,33 € on Cardmarket, at or below your 1.234,50 € alert.');
    expect(spaced(alertTexts(data, 'pt').subject)).toBe('Alerta de preço: Nami (OP01-016) agora custa 5,33 €');
    expect(spaced(alertTexts(data, 'es').subject)).toBe('Alerta de precio: Nami (OP01-016) ahora cuesta 5,33 €');
    expect(spaced(alertTexts({ ...data, currency: 'BRL', price: 662 }, 'es').subject)).toBe('Alerta de precio: Nami (OP01-016) ahora cuesta R$ 6,62');
    expect(spaced(alertTexts({ ...data, currency: 'CLP', price: 123456 }, 'en').subject)).toBe('Price alert: Nami (OP01-016) is now $1.235');
  });

  it('keeps an alert whose e-mail failed for the next try', async () => {
    await setPrices('us', [['OP01-016', '2.00', 'USD']]);
    await watch(alice, { cardId: nami, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD' });
    await setPrices('us', [['OP01-016', '1.00', 'USD']]);
    expect(await evaluate()).toHaveLength(1);
    const broken = { kind: 'smtp' as const, send: async () => Promise.reject(new Error('SMTP down')) };
    expect(await sendAlertEmails({ db: ctx.db, mailer: broken, log: testLog, publicUrl: 'https://grandline.example' })).toBe(0);
    expect(await sendAlertEmails({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, publicUrl: 'https://grandline.example' })).toBe(1);
  });
});
