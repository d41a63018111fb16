import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { cookieOf, createAuthTestApp, pathOf, postJson, signUpVerified } from '../../testing/test-app';
import { listAdmins, parseAdminEmails, setRole } from './admin.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
/** The database's events, as the admin CLI (npm run admin) and the server share them. */
const events = createLocalEvents();
beforeAll(async () => {
  ctx = await createAuthTestApp({ adminEmails: ['shanks@example.com'], events });
});
afterAll(async () => {
  await ctx.database.close();
  events.close();
});

const roleOf = async (cookie: string) =>
  ((await (await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).json()) as { user: { role: string } }).user.role;

describe('admin role', () => {
  it('parses ADMIN_EMAILS', () => {
    expect(parseAdminEmails(' Shanks@Example.com, ,mihawk@example.com ')).toEqual(['shanks@example.com', 'mihawk@example.com']);
    expect(parseAdminEmails(undefined)).toEqual([]);
  });

  it('makes an ADMIN_EMAILS account admin at sign-up, and nobody else', async () => {
    expect(await roleOf(await signUpVerified(ctx, 'Shanks@example.com'))).toBe('admin');
    expect(await roleOf(await signUpVerified(ctx, 'buggy@example.com'))).toBe('user');
  });

  it('grants and revokes the role by e-mail, in any letter case', async () => {
    const cookie = await signUpVerified(ctx, 'mihawk@example.com');
    expect(await roleOf(cookie)).toBe('user');
    // As the CLI does it while a server runs: the server's cached session is dropped, the role holds at once.
    expect(await setRole({ db: ctx.db, emails: ['MIHAWK@example.com'], role: 'admin', notify: events.notify })).toEqual(['mihawk@example.com']);
    expect(await roleOf(cookie)).toBe('admin');
    expect(await listAdmins(ctx.db)).toEqual(['mihawk@example.com', 'shanks@example.com']);
    await setRole({ db: ctx.db, emails: ['mihawk@example.com'], role: 'user', notify: events.notify });
    expect(await roleOf(cookie)).toBe('user');
    expect(await setRole({ db: ctx.db, emails: ['nobody@example.com'], role: 'admin' })).toEqual([]);
  });

  it('cannot be set by the user at sign-up', async () => {
    const res = await ctx.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'teach@example.com', password: 'Blackbeard-Pirates-10', name: 'teach', role: 'admin' }),
    });
    // The field is ignored (it is not an input of the auth library), not an error.
    expect(res.status).toBe(200);
    const verified = await ctx.app.request(pathOf(ctx.mail.lastLinkTo('teach@example.com')));
    expect(await roleOf(cookieOf(verified))).toBe('user');
    expect(await listAdmins(ctx.db)).not.toContain('teach@example.com');
  });
});

describe('admin users API', () => {
  it('is for admins only', async () => {
    expect((await ctx.app.request('/api/admin/users')).status).toBe(401);
    const user = await signUpVerified(ctx, 'koby@example.com');
    const res = await ctx.app.request('/api/admin/users', { headers: { Cookie: user } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('lists and searches users, and changes roles', async () => {
    const admin = await signUpVerified(ctx, 'garp@example.com');
    await setRole({ db: ctx.db, emails: ['garp@example.com'], role: 'admin' });
    const all = (await (await ctx.app.request('/api/admin/users?pageSize=100', { headers: { Cookie: admin } })).json()) as {
      items: { id: string; email: string; role: string }[];
      total: number;
    };
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((u) => u.email)).toEqual(expect.arrayContaining(['garp@example.com', 'koby@example.com']));
    const found = (await (await ctx.app.request('/api/admin/users?q=KOB', { headers: { Cookie: admin } })).json()) as { items: { id: string; email: string }[]; total: number };
    expect(found.items.map((u) => u.email)).toEqual(['koby@example.com']);
    const wildcard = await ctx.app.request('/api/admin/users?q=%25', { headers: { Cookie: admin } });
    expect(await wildcard.json()).toMatchObject({ total: 0 });

    const koby = found.items[0]!.id;
    const put = (id: string, role: string) =>
      ctx.app.request(`/api/admin/users/${id}/role`, { ...postJson({ role }, { Cookie: admin }), method: 'PUT' });
    expect((await put(koby, 'admin')).status).toBe(204);
    expect(await listAdmins(ctx.db)).toContain('koby@example.com');
    expect((await put(koby, 'owner')).status).toBe(400);
    expect((await put('no-such-user', 'user')).status).toBe(404);
    const garpId = all.items.find((u) => u.email === 'garp@example.com')!.id;
    const self = await put(garpId, 'user');
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ error: { message: 'You cannot remove your own admin role' } });
  });
});
