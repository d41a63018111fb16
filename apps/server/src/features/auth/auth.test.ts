import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users, verifications } from '../../db/schema/index';
import { cookieOf, createAuthTestApp, pathOf, postJson, signUpVerified, TEST_PUBLIC_URL } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

const json = postJson;

async function signUpAndVerify(email: string, password: string) {
  return signUpVerified(ctx, email, password);
}

describe('sign-up', () => {
  it('rejects passwords that break the rules, with the spec message', async () => {
    const cases: [string, string][] = [
      ['short1A', 'Password must be at least 8 characters'],
      ['alllowercase1', 'Password must contain at least one uppercase letter'],
      ['ALLUPPERCASE1', 'Password must contain at least one lowercase letter'],
      ['NoDigitsHere', 'Password must contain at least one number'],
    ];
    for (const [password, message] of cases) {
      const res = await ctx.app.request('/api/auth/sign-up/email', json({ email: 'weak@example.com', password, name: 'weak' }));
      expect(res.status, password).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
  });

  it('refuses common passwords and passwords made of the address, with PASSWORD_COMMON', async () => {
    for (const [email, password] of [
      ['common@example.com', 'Password123'],
      ['common@example.com', 'Qwerty123'],
      ['zorojuro@example.com', 'Zorojuro123'],
    ]) {
      const res = await ctx.app.request('/api/auth/sign-up/email', json({ email, password, name: 'common' }));
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PASSWORD_COMMON',
        message: 'This password is too common or easy to guess. Choose a longer one, for example a few unrelated words.',
      });
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, 'common@example.com'))).toHaveLength(0);
    expect(ctx.mail.messages.some((m) => m.to === 'common@example.com' || m.to === 'zorojuro@example.com')).toBe(false);
  });

  it('sends a confirmation link in the request language; sign-in waits for it', async () => {
    const res = await ctx.app.request(
      '/api/auth/sign-up/email',
      json({ email: 'nami@example.com', password: 'Tangerine-Grove-3', name: 'nami' }, { 'Accept-Language': 'pt-BR,pt;q=0.9' }),
    );
    expect(res.status).toBe(200);
    const message = ctx.mail.messages.find((m) => m.to === 'nami@example.com');
    expect(message?.subject).toBe('Confirme seu e-mail no Grand Line');
    expect(message?.text).toContain(`${TEST_PUBLIC_URL}/api/auth/verify-email?token=`);

    const early = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'nami@example.com', password: 'Tangerine-Grove-3' }));
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await ctx.app.request(pathOf(ctx.mail.lastLinkTo('nami@example.com')));
    expect([200, 302]).toContain(verified.status);
    const cookie = cookieOf(verified);
    expect(cookie).toMatch(/session_token=/);
    const session = await ctx.app.request('/api/auth/get-session', { headers: { Cookie: cookie } });
    const body = (await session.json()) as { user: { email: string; emailVerified: boolean; role: string } };
    expect(body.user).toMatchObject({ email: 'nami@example.com', emailVerified: true, role: 'user' });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    await signUpAndVerify('usopp@example.com', 'Sogeking-Island-5');
    const res = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'usopp@example.com', password: 'Sogeking-Island-5' }));
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
  });
});

describe('sign-up with a registered e-mail', () => {
  it('answers like a new sign-up, and mails the owner a way to sign in instead', async () => {
    await signUpAndVerify('brook@example.com', 'SoulKing1');
    const before = ctx.mail.messages.length;
    const again = await ctx.app.request('/api/auth/sign-up/email', json({ email: 'brook@example.com', password: 'Another-Voice-88', name: 'x' }, { 'X-Grandline-Language': 'es' }));
    expect(again.status).toBe(200);
    const sent = ctx.mail.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'brook@example.com', subject: 'Ya tienes una cuenta en Grand Line' });
    expect(sent[0]!.text).toContain('http://localhost:3000/auth');
    // The original password still works: nothing about the account changed.
    const signIn = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'brook@example.com', password: 'SoulKing1' }));
    expect(signIn.status).toBe(200);
  });
});

describe('sign-in', () => {
  it('answers a wrong password and an unknown e-mail the same way (no enumeration)', async () => {
    await signUpAndVerify('robin@example.com', 'Archaeology1');
    const wrong = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'robin@example.com', password: 'Wrong12345' }));
    const unknown = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'nobody@example.com', password: 'Wrong12345' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [(await wrong.json()) as { code: string }, (await unknown.json()) as { code: string }];
    expect(a.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(b.code).toBe(a.code);
  });
});

describe('password reset', () => {
  it('mails a reset link; the new password works and the old one no longer does', async () => {
    await signUpAndVerify('franky@example.com', 'SuperCola1');
    const asked = await ctx.app.request('/api/auth/request-password-reset', json({ email: 'franky@example.com', redirectTo: '/auth?type=recovery' }));
    expect(asked.status).toBe(200);
    const link = ctx.mail.lastLinkTo('franky@example.com');
    const opened = await ctx.app.request(pathOf(link));
    expect(opened.status).toBe(302);
    const token = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await ctx.app.request('/api/auth/reset-password', json({ token, newPassword: 'weakpass' }));
    expect(weak.status).toBe(400);
    const common = await ctx.app.request('/api/auth/reset-password', json({ token, newPassword: 'Password123' }));
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_COMMON' });
    const reset = await ctx.app.request('/api/auth/reset-password', json({ token, newPassword: 'SuperCola2' }));
    expect(reset.status).toBe(200);

    const oldOne = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'franky@example.com', password: 'SuperCola1' }));
    expect(oldOne.status).toBe(401);
    const newOne = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'franky@example.com', password: 'SuperCola2' }));
    expect(newOne.status).toBe(200);
  });
});

describe('password change', () => {
  it('refuses a common new password, then accepts a strong one', async () => {
    const cookie = await signUpAndVerify('jinbe@example.com', 'Fishman-Karate-9');
    const change = (newPassword: string) =>
      ctx.app.request('/api/auth/change-password', json({ currentPassword: 'Fishman-Karate-9', newPassword, revokeOtherSessions: false }, { Cookie: cookie }));
    const common = await change('Welcome123');
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_COMMON' });
    expect((await change('Sun-Pirates-Helmsman-2')).status).toBe(200);
    const signIn = await ctx.app.request('/api/auth/sign-in/email', json({ email: 'jinbe@example.com', password: 'Sun-Pirates-Helmsman-2' }));
    expect(signIn.status).toBe(200);
  });
});

describe('password reset for outside-provider accounts', () => {
  it('answers like any other address, and mails which provider to sign in with instead of a link', async () => {
    await ctx.db.insert(users).values({ id: 'google-only-user', name: 'hancock', email: 'hancock@example.com', emailVerified: true });
    await ctx.db.insert(accounts).values({ id: 'acc-google-1', accountId: 'google-sub-1', providerId: 'google', userId: 'google-only-user' });
    const res = await ctx.app.request(
      '/api/auth/request-password-reset',
      json({ email: 'hancock@example.com', redirectTo: '/auth?type=recovery' }, { 'X-Grandline-Language': 'pt' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
    const sent = ctx.mail.messages.filter((m) => m.to === 'hancock@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: 'Sua conta Grand Line não tem senha' });
    expect(sent[0]!.text).toContain('você entra com Google');
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/auth`);
    // No reset token is left behind for an account without a password.
    const tokens = await ctx.db.select().from(verifications).where(like(verifications.identifier, 'reset-password:%'));
    expect(tokens.filter((t) => t.value === 'google-only-user')).toEqual([]);
  });
});
