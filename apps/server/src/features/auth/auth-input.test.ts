import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified, TEST_PASSWORD } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;

beforeAll(async () => {
  ctx = await createAuthTestApp();
  cookie = await signUpVerified(ctx, 'usopp-input@example.com');
});
afterAll(async () => {
  await ctx.database.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => ctx.app.request(`/api/auth${path}`, postJson(body, headers));
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; issues: { path: string; message: string }[] } }).error;

describe('input of the auth endpoints (validated before the auth library sees it)', () => {
  it('bounds the e-mail at sign-up to 255 characters (spec §5), however long it is', async () => {
    const long = await post('/sign-up/email', { email: `${'a'.repeat(288)}@example.com`, password: TEST_PASSWORD, name: 'long' });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'email', message: 'E-mail must be at most 255 characters' }] });
    const huge = await post('/sign-up/email', { email: `${'a'.repeat(1024 * 1024)}@example.com`, password: TEST_PASSWORD, name: 'huge' });
    expect([400, 413]).toContain(huge.status);
    expect((await errorOf(huge)).code).toMatch(/^[A-Z_]+$/);
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.name, 'long'))).toEqual([]);
  });

  it("refuses a javascript: picture at sign-up and on update-user with 'Invalid image URL'", async () => {
    const signUp = await post('/sign-up/email', { email: 'nami-input@example.com', password: TEST_PASSWORD, name: 'nami', image: 'javascript:alert(document.cookie)' });
    expect(signUp.status).toBe(400);
    expect(await errorOf(signUp)).toMatchObject({ message: 'Invalid parameter "image": Invalid image URL' });
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'nami-input@example.com'))).toEqual([]);
    for (const image of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://evil.example/a.png']) {
      const res = await post('/update-user', { image }, { Cookie: cookie });
      expect(res.status, image).toBe(400);
      expect((await errorOf(res)).issues).toEqual([{ path: 'image', message: 'Invalid image URL' }]);
    }
    expect((await post('/update-user', { image: 'https://cdn.example.com/usopp.png' }, { Cookie: cookie })).status).toBe(200);
    const me = (await (await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).json()) as { user: { avatarUrl: string | null } };
    expect(me.user.avatarUrl).toBe('https://cdn.example.com/usopp.png');
    expect((await post('/update-user', { image: null }, { Cookie: cookie })).status).toBe(200);
  });

  it('refuses name: null and NUL characters on update-user with 400, not 500', async () => {
    const nullName = await post('/update-user', { name: null }, { Cookie: cookie });
    expect(nullName.status).toBe(400);
    expect((await errorOf(nullName)).issues).toEqual([{ path: 'name', message: 'Name is required' }]);
    const nul = await post('/update-user', { name: 'Uso\u0000pp' }, { Cookie: cookie });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).issues).toEqual([{ path: 'name', message: 'The text contains a character that is not allowed' }]);
    const long = await post('/update-user', { name: 'u'.repeat(101) }, { Cookie: cookie });
    expect((await errorOf(long)).issues).toEqual([{ path: 'name', message: 'Name must be at most 100 characters' }]);
    expect((await post('/update-user', { name: 'Usopp' }, { Cookie: cookie })).status).toBe(200);
  });

  it('answers 400 for NUL in tokens and for a return address that is not one', async () => {
    expect((await post('/reset-password', { newPassword: TEST_PASSWORD, token: 'abc\u0000' })).status).toBe(400);
    expect((await post('/revoke-session', { token: '\u0000' }, { Cookie: cookie })).status).toBe(400);
    const verify = await ctx.app.request('/api/auth/verify-email?token=nope&callbackURL=NaN');
    expect(verify.status).toBe(400);
    expect((await errorOf(verify)).issues).toEqual([{ path: 'callbackURL', message: 'Invalid return address' }]);
    expect((await ctx.app.request('/api/auth/verify-email?token=nope&callbackURL=%2Fauth%2Fverified')).status).toBe(302);
  });
});
