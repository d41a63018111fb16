// Hardening of the account and request surface (docs/decisions/006-hardening.md): answers that do not tell
// accounts apart, writes that must come from the app's own pages, and the headers every answer carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL } from '../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

describe('password reset answers every address the same way', () => {
  it('a password account, an outside-provider account and an unknown address get the same status and body', async () => {
    await signUpVerified(ctx, 'reset-password-account@example.com');
    await ctx.db.insert(users).values({ id: 'reset-google-only', name: 'boa', email: 'reset-google-only@example.com', emailVerified: true });
    await ctx.db.insert(accounts).values({ id: 'reset-google-acc', accountId: 'google-sub-reset', providerId: 'google', userId: 'reset-google-only' });

    const ask = (email: string) =>
      ctx.app.request('/api/auth/request-password-reset', postJson({ email, redirectTo: '/auth?type=recovery' }));
    const answers = [];
    for (const email of ['reset-password-account@example.com', 'reset-google-only@example.com', 'reset-nobody@example.com']) {
      const res = await ask(email);
      answers.push({ status: res.status, body: await res.text(), type: res.headers.get('content-type') });
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The mail tells them apart instead: a link for the password account, the provider to use for the other.
    const mailTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);
    expect(mailTo('reset-password-account@example.com').at(-1)?.text).toContain('/api/auth/reset-password/');
    const external = mailTo('reset-google-only@example.com');
    expect(external).toHaveLength(1);
    expect(external[0]!.text).toContain('Google');
    expect(external[0]!.text).not.toContain('reset-password');
    expect(external[0]!.text).toContain(`${TEST_PUBLIC_URL}/auth`);
    expect(mailTo('reset-nobody@example.com')).toHaveLength(0);
  });
});
