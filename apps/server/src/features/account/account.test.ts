import fs from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, userConsents, userCookiePreferences, users } from '../../db/schema/index';
import { requireAcceptedTerms } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { DEFAULT_TOURNAMENT_CONFIG } from '../../lib/tournament-config';
import { createAuthTestApp, postJson, signUpVerified, TEST_PASSWORD, testLog } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

const validAcceptance = { username: 'straw_hat', countryCode: 'br', ageConfirmed: true, tosAccepted: true, marketingConsent: false, locale: 'pt' };
const me = async (cookie: string) => (await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).json() as Promise<{
  profile: { username: string | null; countryCode: string | null; onboardingCompleted: boolean; bio: string | null };
  consent: { tosAccepted: boolean; tosVersion: string | null; currentTosVersion: string };
  user: { role: string; emailConfirmed: boolean };
}>;

describe('legal version', () => {
  it('answers the current version of each document, 1.0 by default', async () => {
    for (const doc of ['terms_of_service', 'privacy_policy']) {
      const res = await ctx.app.request(`/api/legal/version?doc=${doc}`);
      expect(await res.json()).toEqual({ doc, version: '1.0' });
    }
    expect((await ctx.app.request('/api/legal/version?doc=cookies')).status).toBe(400);
  });
});

describe('sign-in options', () => {
  it('offers e-mail sign-in and lists no outside provider unless configured', async () => {
    const res = await ctx.app.request('/api/auth-options');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: true, providers: [] });
  });

  it('answers the session as null for visitors and as /me for a signed-in user', async () => {
    expect(await (await ctx.app.request('/api/session')).json()).toEqual({ session: null, auth: { enabled: true, providers: [] } });
    const before = Date.now();
    const cookie = await signUpVerified(ctx, 'session-check@example.com');
    const body = (await (await ctx.app.request('/api/session', { headers: { Cookie: cookie } })).json()) as { session: { user: { createdAt: string } } };
    expect(body.session).toEqual(await me(cookie));
    // When the account was made (the house promotion waits for its second week): the sign-up's time, as stored.
    const made = Date.parse(body.session.user.createdAt);
    expect(made).toBeGreaterThanOrEqual(before - 1000);
    expect(made).toBeLessThanOrEqual(Date.now());
    const [row] = await ctx.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.email, 'session-check@example.com'));
    expect(body.session.user.createdAt).toBe(row!.createdAt.toISOString());
  });
});

describe('accepting the terms', () => {
  it('needs a session', async () => {
    const res = await ctx.app.request('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to access this feature' } });
    expect((await ctx.app.request('/api/me/accept-terms', postJson(validAcceptance))).status).toBe(401);
  });

  it('rejects invalid input with the spec messages', async () => {
    const cookie = await signUpVerified(ctx, 'luffy@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, 'User name must be at least 3 characters'],
      [{ username: 'a'.repeat(21) }, 'User name must be less than 20 characters'],
      [{ username: 'straw hat!' }, 'User name can only contain letters, numbers, and underscores'],
      [{ countryCode: '' }, 'Please select your country'],
      [{ ageConfirmed: false }, 'You must confirm you are at least 16 years old'],
      [{ tosAccepted: false }, 'You must accept the Terms of Service to continue'],
    ];
    for (const [change, message] of cases) {
      const res = await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, ...change }, { Cookie: cookie }));
      expect(res.status, message).toBe(400);
      const body = (await res.json()) as { error: { code: string; issues: { message: string }[] } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.issues.map((i) => i.message)).toContain(message);
    }
    expect((await me(cookie)).consent.tosAccepted).toBe(false);
  });

  it('records consents, cookie choices and the profile in one step', async () => {
    const cookie = await signUpVerified(ctx, 'zoro@example.com');
    const before = await me(cookie);
    expect(before).toMatchObject({ consent: { tosAccepted: false, tosVersion: null }, profile: { username: null }, user: { role: 'user', emailConfirmed: true } });

    const res = await ctx.app.request(
      '/api/me/accept-terms',
      postJson({ ...validAcceptance, username: 'Pirate_Hunter', cookieConsent: { necessary: true, analytics: true, marketing: false }, marketingConsent: true }, { Cookie: cookie }),
    );
    expect(res.status).toBe(200);
    const after = await me(cookie);
    expect(after).toMatchObject({
      consent: { tosAccepted: true, tosVersion: '1.0', currentTosVersion: '1.0' },
      profile: { username: 'Pirate_Hunter', countryCode: 'BR', onboardingCompleted: true },
    });
    const session = await ctx.app.request('/api/auth/get-session', { headers: { Cookie: cookie } });
    const userId = ((await session.json()) as { user: { id: string } }).user.id;
    const consents = await ctx.db.select().from(userConsents).where(eq(userConsents.userId, userId)).orderBy(asc(userConsents.consentType));
    expect(consents.map((c) => [c.consentType, c.given, c.version, c.locale])).toEqual([
      ['marketing', true, '1.0', 'pt'],
      ['privacy', true, '1.0', 'pt'],
      ['tos', true, '1.0', 'pt'],
    ]);
    const cookies = await ctx.db.select().from(userCookiePreferences).where(eq(userCookiePreferences.userId, userId)).orderBy(asc(userCookiePreferences.cookieType));
    expect(cookies.map((c) => [c.cookieType, c.enabled])).toEqual([
      ['analytics', true],
      ['marketing', false],
      ['necessary', true],
    ]);
  });

  it('keeps user names unique regardless of letter case', async () => {
    const cookie = await signUpVerified(ctx, 'sanji@example.com');
    const check = await ctx.app.request('/api/profiles/username-available?name=PIRATE_HUNTER', { headers: { Cookie: cookie } });
    expect(await check.json()).toEqual({ available: false });
    expect(await (await ctx.app.request('/api/profiles/username-available?name=black_leg', { headers: { Cookie: cookie } })).json()).toEqual({ available: true });
    // Visitors filling in /signup can check too, and a malformed name is a 400 with the spec message.
    expect(await (await ctx.app.request('/api/profiles/username-available?name=Pirate_Hunter')).json()).toEqual({ available: false });
    const bad = await ctx.app.request('/api/profiles/username-available?name=no%20spaces');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { issues: [{ message: 'User name can only contain letters, numbers, and underscores' }] } });
    const res = await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'pirate_hunter' }, { Cookie: cookie }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'USERNAME_TAKEN', message: 'This user name is already taken' } });
    expect((await me(cookie)).consent.tosAccepted).toBe(false);
  });

  it('refuses writes sent from another site', async () => {
    const cookie = await signUpVerified(ctx, 'brook@example.com');
    const res = await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'soul_king' }, { Cookie: cookie, Origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN_ORIGIN' } });
  });
});

describe('the action gate (requireAcceptedTerms)', () => {
  it('answers 401 without a session, 403 TOS_REQUIRED before the terms, and lets the action through after', async () => {
    const gated = new Hono<AppEnv>();
    gated.use('*', async (c, next) => {
      c.set('deps', { db: ctx.db, log: testLog, auth: ctx.auth, config: { trustProxy: false, maxJsonBodyBytes: 1 << 20, maxUploadBytes: 10 << 20, prices: DEFAULT_PRICE_CONFIG, tournaments: DEFAULT_TOURNAMENT_CONFIG, familyMaxMembers: 5 } });
      await next();
    });
    gated.post('/action', requireAcceptedTerms, (c) => c.json({ ok: true, user: c.var.user.email }));
    gated.onError((err, c) => (err instanceof AppError ? c.json({ error: { code: err.code, message: err.message } }, err.status) : c.text('boom', 500)));

    const anonymous = await gated.request('/action', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to access this feature' } });

    const cookie = await signUpVerified(ctx, 'jinbe@example.com');
    const before = await gated.request('/action', { method: 'POST', headers: { Cookie: cookie } });
    expect(before.status).toBe(403);
    expect(await before.json()).toMatchObject({ error: { code: 'TOS_REQUIRED' } });

    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'knight_of_sea' }, { Cookie: cookie }));
    const after = await gated.request('/action', { method: 'POST', headers: { Cookie: cookie } });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ ok: true, user: 'jinbe@example.com' });
  });
});

describe('profile and account', () => {
  it('changes only the fields sent, strips markup from the bio, and needs accepted terms', async () => {
    const cookie = await signUpVerified(ctx, 'vivi@example.com');
    const patch = (body: unknown, origin?: string) =>
      ctx.app.request('/api/me/profile', { ...postJson(body, { Cookie: cookie, ...(origin ? { Origin: origin } : {}) }), method: 'PATCH' });
    expect((await patch({ displayName: 'Vivi' })).status).toBe(403);
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'princess_vivi' }, { Cookie: cookie }));

    const res = await patch({ displayName: 'Nefertari Vivi', bio: '<script>alert(1)</script>Princess of <b>Alabasta</b>', currency: 'EUR', theme: 'light' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { profile: Record<string, unknown> };
    expect(body.profile).toMatchObject({ displayName: 'Nefertari Vivi', bio: 'Princess of Alabasta', currency: 'EUR', theme: 'light', username: 'princess_vivi', countryCode: 'BR' });

    const invalid = await patch({ bio: 'x'.repeat(501), avatarUrl: 'javascript:alert(1)' });
    expect(invalid.status).toBe(400);
    const issues = ((await invalid.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'bio', message: 'Bio must be at most 500 characters' },
        { path: 'avatarUrl', message: 'Invalid image URL' },
      ]),
    );
    expect((await patch({})).status).toBe(400);
    expect((await patch({ currency: 'XYZ' })).status).toBe(400);
  });

  it('stores the bio as the text typed, markup removed but not escaped (shown escaped once, by React)', async () => {
    const cookie = await signUpVerified(ctx, 'buggy@example.com');
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'buggy_clown' }, { Cookie: cookie }));
    const typed = 'Luffy > Buggy & "friends" <3\n<b>Flashy</b> &amp; proud';
    const res = await ctx.app.request('/api/me/profile', { ...postJson({ bio: typed }, { Cookie: cookie }), method: 'PATCH' });
    expect(res.status).toBe(200);
    const expected = 'Luffy > Buggy & "friends" <3\nFlashy & proud';
    expect(((await res.json()) as { profile: { bio: string } }).profile.bio).toBe(expected);
    expect((await me(cookie)).profile).toMatchObject({ bio: expected });
    const [row] = await ctx.db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.username, 'buggy_clown'));
    expect(row?.bio).toBe(expected);
  });

  it('migration 0005 turns bios stored escaped by earlier versions back into their text', async () => {
    const cookie = await signUpVerified(ctx, 'alvida@example.com');
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'iron_mace' }, { Cookie: cookie }));
    // What sanitize-html stored for 'Smooth > rough & "&lt;" <3' before this version, and a bio without escapes.
    await ctx.db.update(profiles).set({ bio: 'Smooth &gt; rough &amp; "&amp;lt;" &lt;3' }).where(eq(profiles.username, 'iron_mace'));
    await ctx.db.update(profiles).set({ bio: 'Plain "text", untouched' }).where(eq(profiles.username, 'buggy_clown'));
    const migration = fs.readFileSync(new URL('../../db/migrations/0005_bio_plain_text.sql', import.meta.url), 'utf8');
    await ctx.db.execute(sql.raw(migration));
    expect((await me(cookie)).profile).toMatchObject({ bio: 'Smooth > rough & "&lt;" <3' });
    const [other] = await ctx.db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.username, 'buggy_clown'));
    expect(other?.bio).toBe('Plain "text", untouched');
  });

  it('deletes the account and its data only with the e-mail typed as confirmation', async () => {
    const cookie = await signUpVerified(ctx, 'pell@example.com');
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'falcon_pell' }, { Cookie: cookie }));
    const wrong = await ctx.app.request('/api/me/delete', postJson({ confirmation: 'yes' }, { Cookie: cookie }));
    expect(wrong.status).toBe(400);
    expect((await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).status).toBe(200);

    const done = await ctx.app.request('/api/me/delete', postJson({ confirmation: 'PELL@example.com' }, { Cookie: cookie }));
    expect(done.status).toBe(204);
    expect((await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).status).toBe(401);
    const signIn = await ctx.app.request('/api/auth/sign-in/email', postJson({ email: 'pell@example.com', password: TEST_PASSWORD }));
    expect(signIn.status).toBe(401);
    // The user name is free again.
    const other = await signUpVerified(ctx, 'chaka@example.com');
    const available = await ctx.app.request('/api/profiles/username-available?name=falcon_pell', { headers: { Cookie: other } });
    expect(await available.json()).toEqual({ available: true });
  });
});

describe('isolation between users', () => {
  it('never lets one user read or change another user’s profile, consents or account', async () => {
    const alice = await signUpVerified(ctx, 'kaya@example.com');
    const bob = await signUpVerified(ctx, 'usopp@example.com');
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'kaya_lady', marketingConsent: true }, { Cookie: alice }));
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'sogeking' }, { Cookie: bob }));
    const aliceBefore = await me(alice);
    const aliceId = ((await (await ctx.app.request('/api/me', { headers: { Cookie: alice } })).json()) as { user: { id: string } }).user.id;

    // Bob's requests name Alice in every way a client could: the server only ever uses the session's user.
    const patch = await ctx.app.request('/api/me/profile', {
      ...postJson({ id: aliceId, userId: aliceId, displayName: 'Captain Usopp' }, { Cookie: bob }),
      method: 'PATCH',
    });
    expect(patch.status).toBe(200);
    const accept = await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, userId: aliceId, username: 'kaya_lady' }, { Cookie: bob }));
    expect(accept.status).toBe(409);
    const del = await ctx.app.request('/api/me/delete', postJson({ confirmation: 'kaya@example.com' }, { Cookie: bob }));
    expect(del.status).toBe(400);
    expect((await ctx.app.request('/api/admin/users', { headers: { Cookie: bob } })).status).toBe(403);

    expect(await me(alice)).toEqual(aliceBefore);
    const bobMe = (await (await ctx.app.request('/api/me', { headers: { Cookie: bob } })).json()) as { user: { email: string }; profile: { displayName: string } };
    expect(bobMe.user.email).toBe('usopp@example.com');
    expect(bobMe.profile.displayName).toBe('Captain Usopp');

    // Each user's consents are their own rows.
    const aliceConsents = await ctx.db.select().from(userConsents).where(eq(userConsents.userId, aliceId)).orderBy(asc(userConsents.consentType));
    expect(aliceConsents.map((c) => [c.consentType, c.given])).toEqual([
      ['marketing', true],
      ['privacy', true],
      ['tos', true],
    ]);
  });
});

describe('hostile input on the profile (400, never 500)', () => {
  it("stores only https pictures ('Invalid image URL' otherwise) and refuses NUL in any text", async () => {
    const cookie = await signUpVerified(ctx, 'pedro-input@example.com');
    await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'pedro_input' }, { Cookie: cookie }));
    const patch = (body: unknown) => ctx.app.request('/api/me/profile', { ...postJson(body, { Cookie: cookie }), method: 'PATCH' });
    for (const avatarUrl of ['javascript:alert(1)', 'http://evil.example/a.png', 'data:image/png;base64,AAAA', 'https://a.example/\u0000']) {
      const res = await patch({ avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', issues: [{ path: 'avatarUrl', message: 'Invalid image URL' }] } });
    }
    expect((await patch({ avatarUrl: 'https://cdn.example.com/pedro.png' })).status).toBe(200);
    for (const body of [{ displayName: 'Pe\u0000dro' }, { bio: '\u0000' }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { issues: [{ message: 'The text contains a character that is not allowed' }] } });
    }
    const locale = await ctx.app.request('/api/me/accept-terms', postJson({ ...validAcceptance, username: 'pedro_input', locale: 'pt\u0000' }, { Cookie: cookie }));
    expect(locale.status).toBe(400);
  });
});
