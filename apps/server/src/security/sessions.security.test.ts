/**
 * Sessions served from the in-process cache (lib/session-cache.ts, issue 20): a repeated signed-in request reads
 * nothing for its session, and yet every way a session ends or a user changes holds from the very next request — on
 * the replica that made the change and on another one sharing the database and its events.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLocalEvents } from '../db/client';
import { sessions } from '../db/schema/index';
import { createAuth } from '../features/auth/auth';
import { cookieOf, createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../testing/test-app';

const PASSWORD = 'Gum-Gum-Pistol-42';
const events = createLocalEvents();
let statements: string[] = [];
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
/** A second replica: its own app and session cache, on the same database and events. */
let replica: ReturnType<typeof buildApp>;
/** A replica whose session cache is off: every request is a cache miss. */
let uncached: ReturnType<typeof buildApp>;

const get = (app: { request: typeof ctx.app.request }, path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });
const send = (path: string, body: unknown, cookie: string) => ctx.app.request(path, postJson(body, { Cookie: cookie }));
const accept = (cookie: string, username: string) => send('/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);

/** The statements a request sends to the database. */
async function statementsOf(run: () => Response | Promise<Response>) {
  statements = [];
  const res = await run();
  await res.arrayBuffer();
  return { status: res.status, statements: [...statements] };
}

async function signIn(email: string) {
  const res = await ctx.app.request('/api/auth/sign-in/email', postJson({ email, password: PASSWORD }));
  expect(res.status).toBe(200);
  return cookieOf(res);
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ events, seed: true, onQuery: (q) => statements.push(q) });
  const auth = createAuth({ db: ctx.db, mailer: ctx.mail.mailer, log: testLog, config: { publicUrl: TEST_PUBLIC_URL, secret: 'test-secret-test-secret-test-secret-1234', rateLimit: false } });
  replica = buildApp({ db: ctx.db, log: testLog, auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events });
  const noCache = createAuth({
    db: ctx.db,
    mailer: ctx.mail.mailer,
    log: testLog,
    config: { publicUrl: TEST_PUBLIC_URL, secret: 'test-secret-test-secret-test-secret-1234', rateLimit: false, sessionCacheTtlMs: 0 },
  });
  uncached = buildApp({ db: ctx.db, log: testLog, auth: noCache, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events });
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

describe('a cached session', () => {
  it('reads nothing for the session, the terms or /api/me on a repeated request', async () => {
    const cookie = await signUpVerified(ctx, 'cache-luffy@example.com', PASSWORD);
    expect((await accept(cookie, 'cache_luffy')).status).toBe(200);
    const first = await statementsOf(() => get(ctx.app, '/api/me', cookie));
    expect(first.status).toBe(200);
    expect(first.statements.length).toBeGreaterThan(0);
    const again = await statementsOf(() => get(ctx.app, '/api/me', cookie));
    expect(again).toEqual({ status: 200, statements: [] });
    // A signed-in read: only its own data.
    const binders = await statementsOf(() => get(ctx.app, '/api/binders', cookie));
    expect(binders.status).toBe(200);
    expect(binders.statements.filter((q) => /"sessions"|"users"|user_consents|legal_versions/.test(q))).toEqual([]);
    // A write behind the terms gate: the gate reads nothing either.
    const write = await statementsOf(() => send('/api/binders', { name: 'Cached', category: 'trade' }, cookie));
    expect(write.status).toBe(201);
    expect(write.statements.filter((q) => /"sessions"|user_consents|legal_versions/.test(q))).toEqual([]);
  });

  it('changes a binder row in at most 4 statements (one: the ownership check, the binder touched and the row, together)', async () => {
    const cookie = await signUpVerified(ctx, 'cache-chopper@example.com', PASSWORD);
    expect((await accept(cookie, 'cache_chopper')).status).toBe(200);
    const binder = (await (await send('/api/binders', { name: 'Rows', category: 'personal' }, cookie)).json()) as { id: string };
    const cards = (await (await get(ctx.app, '/api/cards?q=op01-016&variations=false', cookie)).json()) as { items: { id: number }[] };
    expect((await send(`/api/binders/${binder.id}/cards`, { cards: [{ cardId: cards.items[0]!.id, quantity: 1 }] }, cookie)).status).toBeLessThan(300);
    const rows = (await (await get(ctx.app, `/api/binders/${binder.id}/cards`, cookie)).json()) as { items: { id: number }[] };
    const rowId = rows.items[0]!.id;
    const patch = (body: unknown, who = cookie) => ctx.app.request(`/api/binders/${binder.id}/cards/${rowId}`, { ...postJson(body, { Cookie: who }), method: 'PATCH' });
    const quantity = await statementsOf(() => patch({ quantity: 3 }));
    expect(quantity.status).toBe(200);
    expect(quantity.statements.length).toBeLessThanOrEqual(4);
    const price = await statementsOf(() => patch({ purchasePrice: 12.5, purchaseCurrency: 'EUR' }));
    expect(price.status).toBe(200);
    expect(price.statements.length).toBeLessThanOrEqual(4);
    const row = (await (await get(ctx.app, `/api/binders/${binder.id}/cards`, cookie)).json()) as { items: { quantity: number; purchasePrice: number | null; purchaseCurrency: string | null }[] };
    expect(row.items[0]).toMatchObject({ quantity: 3, purchasePrice: 12.5, purchaseCurrency: 'EUR' });
    // Another user's PATCH of the same row changes nothing and is the binder's 404; a missing row is the row's.
    const other = await signUpVerified(ctx, 'cache-brook@example.com', PASSWORD);
    expect((await accept(other, 'cache_brook')).status).toBe(200);
    const foreign = await patch({ quantity: 9 }, other);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('BINDER_NOT_FOUND');
    const missing = await ctx.app.request(`/api/binders/${binder.id}/cards/999999`, { ...postJson({ quantity: 2 }, { Cookie: cookie }), method: 'PATCH' });
    expect(missing.status).toBe(404);
    const after = (await (await get(ctx.app, `/api/binders/${binder.id}/cards`, cookie)).json()) as { items: { quantity: number }[] };
    expect(after.items[0]!.quantity).toBe(3);
  });

  it('answers a forged cookie value from the library (401), never from the cache', async () => {
    const cookie = await signUpVerified(ctx, 'cache-usopp@example.com', PASSWORD);
    expect((await get(ctx.app, '/api/me', cookie)).status).toBe(200);
    const forged = cookie.replace('better-auth.session_token=', 'better-auth.session_token=forged');
    expect(forged).not.toBe(cookie);
    expect((await get(ctx.app, '/api/me', forged)).status).toBe(401);
  });
});

describe('revocation holds from the very next request, on every replica', () => {
  it('sign-out', async () => {
    const cookie = await signUpVerified(ctx, 'cache-nami@example.com', PASSWORD);
    expect((await get(ctx.app, '/api/me', cookie)).status).toBe(200);
    expect((await get(replica, '/api/me', cookie)).status).toBe(200);
    expect((await send('/api/auth/sign-out', {}, cookie)).status).toBe(200);
    expect((await get(ctx.app, '/api/me', cookie)).status).toBe(401);
    expect((await get(replica, '/api/me', cookie)).status).toBe(401);
  });

  it('a password change that signs out the other sessions', async () => {
    await signUpVerified(ctx, 'cache-zoro@example.com', PASSWORD);
    const here = await signIn('cache-zoro@example.com');
    const there = await signIn('cache-zoro@example.com');
    expect((await get(replica, '/api/me', there)).status).toBe(200);
    const changed = await send('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Three-Sword-Style-7', revokeOtherSessions: true }, here);
    expect(changed.status).toBe(200);
    expect((await get(replica, '/api/me', there)).status).toBe(401);
    expect((await get(ctx.app, '/api/me', there)).status).toBe(401);
  });

  it('revoking another session from the list', async () => {
    await signUpVerified(ctx, 'cache-sanji@example.com', PASSWORD);
    const here = await signIn('cache-sanji@example.com');
    const there = await signIn('cache-sanji@example.com');
    expect((await get(replica, '/api/me', there)).status).toBe(200);
    expect((await send('/api/auth/revoke-other-sessions', {}, here)).status).toBe(200);
    expect((await get(replica, '/api/me', there)).status).toBe(401);
    expect((await get(ctx.app, '/api/me', here)).status).toBe(200);
  });

  it('account deletion', async () => {
    const cookie = await signUpVerified(ctx, 'cache-robin@example.com', PASSWORD);
    expect((await get(replica, '/api/me', cookie)).status).toBe(200);
    expect((await send('/api/me/delete', { confirmation: 'cache-robin@example.com' }, cookie)).status).toBe(204);
    expect((await get(replica, '/api/me', cookie)).status).toBe(401);
    expect((await get(ctx.app, '/api/me', cookie)).status).toBe(401);
  });

  it('accepting the terms, and a profile change, show at once', async () => {
    const cookie = await signUpVerified(ctx, 'cache-franky@example.com', PASSWORD);
    // Not accepted yet: writes are refused, and that state is what the cache holds.
    expect((await send('/api/binders', { name: 'x', category: 'trade' }, cookie)).status).toBe(403);
    expect((await get(replica, '/api/me', cookie)).status).toBe(200);
    expect((await accept(cookie, 'cache_franky')).status).toBe(200);
    expect((await send('/api/binders', { name: 'x', category: 'trade' }, cookie)).status).toBe(201);
    const me = (await (await get(replica, '/api/me', cookie)).json()) as { consent: { tosAccepted: boolean }; profile: { displayName: string | null } };
    expect(me.consent.tosAccepted).toBe(true);
    const patched = await ctx.app.request('/api/me/profile', { ...postJson({ displayName: 'Cyborg' }, { Cookie: cookie }), method: 'PATCH' });
    expect(patched.status).toBe(200);
    const after = (await (await get(replica, '/api/me', cookie)).json()) as { profile: { displayName: string | null } };
    expect(after.profile.displayName).toBe('Cyborg');
  });
});

/** The session token inside a session cookie (its value is `token.signature`, URL-encoded). */
const tokenOf = (cookie: string) => decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
const sessionOf = async (cookie: string) => {
  const [row] = await ctx.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, tokenOf(cookie)));
  return row;
};
// The plan gates lock the user's row (select … for update) under a create: a write, not a session read.
const isSessionRead = (q: string) => /"sessions"|"users"|user_consents|legal_versions/.test(q) && !/for update/i.test(q);

describe('a cache miss', () => {
  it('reads the session, its user and the terms state in one statement', async () => {
    const cookie = await signUpVerified(ctx, 'miss-vivi@example.com', PASSWORD);
    expect((await accept(cookie, 'miss_vivi')).status).toBe(200);
    // A write behind the terms gate: one statement answers who and whether the terms are accepted.
    const write = await statementsOf(() => uncached.request('/api/binders', postJson({ name: 'Miss', category: 'trade' }, { Cookie: cookie })));
    expect(write.status).toBe(201);
    expect(write.statements.filter(isSessionRead)).toHaveLength(1);
    // GET /api/me: that statement and the profile.
    statements = [];
    const me = await uncached.request('/api/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(statements).toHaveLength(2);
    const body = (await me.json()) as { user: { email: string }; consent: { tosAccepted: boolean; tosTimestamp: string | null } };
    expect(body.user.email).toBe('miss-vivi@example.com');
    expect(body.consent.tosAccepted).toBe(true);
    expect(Number.isNaN(Date.parse(body.consent.tosTimestamp!))).toBe(false);
  });

  it('refuses a cookie with a wrong signature without reading the database', async () => {
    const cookie = await signUpVerified(ctx, 'miss-kaya@example.com', PASSWORD);
    const token = tokenOf(cookie);
    const wrong = `better-auth.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await statementsOf(() => get(uncached, '/api/me', wrong))).toEqual({ status: 401, statements: [] });
    expect((await get(uncached, '/api/me', cookie)).status).toBe(200);
  });

  it('renews a session due for its daily refresh, and sends the renewed cookie back', async () => {
    const cookie = await signUpVerified(ctx, 'miss-carrot@example.com', PASSWORD);
    // Last renewed more than a day ago (the library's updateAge): five days of the seven left.
    await ctx.db.execute(sql`update sessions set expires_at = now() + interval '5 days' where token = ${tokenOf(cookie)}`);
    const res = await get(ctx.app, '/api/me', cookie);
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(renewed).toMatch(/Max-Age=604800/);
    expect(renewed!.split(';')[0]).toBe(cookie.split('; ').find((c) => c.startsWith('better-auth.session_token=')));
    const expiresAt = (await sessionOf(cookie))!.expiresAt.getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    // Renewed: the next miss is the one-statement read again, with no cookie to send.
    const next = await uncached.request('/api/me', { headers: { Cookie: cookie } });
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('ends an expired session: 401, the session deleted and its cookie cleared', async () => {
    const cookie = await signUpVerified(ctx, 'miss-pell@example.com', PASSWORD);
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where token = ${tokenOf(cookie)}`);
    const res = await get(uncached, '/api/me', cookie);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;') && /Max-Age=0/.test(c))).toBe(true);
    expect(await sessionOf(cookie)).toBeUndefined();
  });
});
