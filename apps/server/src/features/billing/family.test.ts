/**
 * Family sharing (issue 16): invite, accept, decline, leave, remove; members get Hobby while the owner is on Family;
 * the family reads what it shares, nobody else does; the limit of members; an owner's plan change reaches members.
 */
import type { FamilyBindersResponse, FamilyResponse } from '@grandline/core/contracts/family';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createLocalEvents } from '../../db/client';
import { familyInvites, familyMembers, users } from '../../db/schema/index';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';

const events = createLocalEvents();
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let app: ReturnType<typeof buildApp>;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const email = (who: string) => `${who}-family@example.com`;

const call = async <T = FamilyResponse>(method: string, path: string, who: string, body?: unknown) => {
  const res = await app.request(path, { ...postJson(body, { Cookie: cookies[who]! }), method });
  return { status: res.status, body: (await res.json()) as T & { error: { code: string; message: string } } };
};
const planOf = async (who: string) => (await call<{ plan: string }>('GET', '/api/billing/status', who)).body.plan;
const grant = (who: string, plan: string) => call('PUT', `/api/admin/users/${ids[who]}/plan`, 'admin', { plan });
const invite = (who: string, to: string) => call('POST', '/api/family/invites', who, { email: email(to) });
const received = async (who: string) => (await call('GET', '/api/family', who)).body.received;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, events, adminEmails: [email('admin')] });
  // Three members allowed besides the owner, to reach the limit quickly.
  app = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events, familyMaxMembers: 3, mailer: ctx.mail.mailer });
  for (const who of ['admin', 'olivia', 'max', 'nina', 'omar', 'pia', 'eve']) {
    cookies[who] = await signUpVerified(ctx, email(who));
    await call('POST', '/api/me/accept-terms', who, { username: `${who}_family`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true });
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email(who)));
    ids[who] = row!.id;
  }
}, 90_000);
afterAll(async () => {
  await ctx.database.close();
  events.close();
});

describe('family sharing', () => {
  it('needs the Family plan to invite, and mails the invitation', async () => {
    const refused = await invite('olivia', 'max');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'PLAN_LIMIT', message: 'Family sharing requires a Family Plan subscription' });
    expect((await grant('olivia', 'hobby')).status).toBe(200);
    expect((await invite('olivia', 'max')).status).toBe(403);
    await grant('olivia', 'family');
    const sent = await invite('olivia', 'max');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ role: 'owner', canOwn: true, maxMembers: 3, invites: [{ email: email('max') }], members: [] });
    const mail = [...ctx.mail.messages].reverse().find((m) => m.to === email('max'));
    expect(mail).toMatchObject({ subject: 'olivia-family invited you to their Grand Line family' });
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/settings?tab=subscription`);
    // The same address again is the same invitation; one's own address is refused.
    expect((await invite('olivia', 'max')).body.invites).toHaveLength(1);
    const self = await invite('olivia', 'olivia');
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot invite yourself');
  });

  it('gives a member Hobby on acceptance, and Free again when they leave', async () => {
    expect(await planOf('max')).toBe('free');
    const [inv] = await received('max');
    expect(inv).toMatchObject({ from: { userId: ids.olivia, username: 'olivia_family' } });
    // Only the person invited can accept it.
    expect((await call('POST', `/api/family/invites/${inv!.id}/accept`, 'eve')).status).toBe(404);
    const joined = await call('POST', `/api/family/invites/${inv!.id}/accept`, 'max');
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ role: 'member', owner: { userId: ids.olivia }, members: [{ userId: ids.max, email: null }], invites: [] });
    expect(await planOf('max')).toBe('hobby');
    // The owner sees the member with the address they invited.
    expect((await call('GET', '/api/family', 'olivia')).body.members).toEqual([expect.objectContaining({ userId: ids.max, email: email('max') })]);
    // A member cannot invite people (their Family is not their own).
    expect((await invite('max', 'nina')).status).toBe(403);
    const left = await call('DELETE', `/api/family/members/${ids.max}`, 'max');
    expect(left.status).toBe(200);
    expect(left.body.role).toBeNull();
    expect(await planOf('max')).toBe('free');
  });

  it('lets the owner remove a member, withdraw an invitation, and the invited decline one', async () => {
    await invite('olivia', 'nina');
    const [inv] = await received('nina');
    await call('POST', `/api/family/invites/${inv!.id}/accept`, 'nina');
    expect(await planOf('nina')).toBe('hobby');
    // Someone else's member cannot be removed by a stranger.
    expect((await call('DELETE', `/api/family/members/${ids.nina}`, 'eve')).status).toBe(404);
    expect((await call('DELETE', `/api/family/members/${ids.nina}`, 'olivia')).status).toBe(200);
    expect(await planOf('nina')).toBe('free');

    await invite('olivia', 'pia');
    const [toPia] = await received('pia');
    expect((await call('DELETE', `/api/family/invites/${toPia!.id}`, 'pia')).status).toBe(200);
    expect(await received('pia')).toEqual([]);
    await invite('olivia', 'pia');
    const [again] = (await call('GET', '/api/family', 'olivia')).body.invites.filter((i) => i.email === email('pia'));
    expect((await call('DELETE', `/api/family/invites/${again!.id}`, 'olivia')).status).toBe(200);
    expect((await call('POST', `/api/family/invites/${again!.id}/accept`, 'pia')).status).toBe(404);
  });

  it(`holds a family to its members (invitations counted), and one family per person`, async () => {
    await ctx.db.delete(familyInvites);
    await ctx.db.delete(familyMembers);
    for (const who of ['max', 'nina', 'pia']) expect((await invite('olivia', who)).status).toBe(200);
    const full = await invite('olivia', 'eve');
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'FAMILY_FULL', message: 'A family has at most 3 members besides its owner' });
    // Omar owns a family too: Max, invited by both, joins one, then cannot join the other.
    await grant('omar', 'family');
    await invite('omar', 'max');
    const offers = await received('max');
    expect(offers).toHaveLength(2);
    const fromOlivia = offers.find((o) => o.from.userId === ids.olivia)!;
    const fromOmar = offers.find((o) => o.from.userId === ids.omar)!;
    expect((await call('POST', `/api/family/invites/${fromOlivia.id}/accept`, 'max')).status).toBe(200);
    const second = await call('POST', `/api/family/invites/${fromOmar.id}/accept`, 'max');
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('ALREADY_IN_FAMILY');
  });

  it("follows the owner's plan: members lose Hobby when the owner's Family ends, and their open tabs hear of it", async () => {
    expect(await planOf('max')).toBe('hobby');
    const stream = await app.request('/api/notifications/stream', { headers: { Cookie: cookies.max! } });
    const tab = sseReader(stream.body!);
    expect((await tab.next()).event).toBe('unread');
    await grant('olivia', 'free');
    expect((await tab.next()).event).toBe('subscription');
    expect(await planOf('max')).toBe('free');
    await grant('olivia', 'family');
    expect((await tab.next()).event).toBe('subscription');
    expect(await planOf('max')).toBe('hobby');
    await tab.cancel();
  });

  it('shows a binder the owner shares with the family to its members only, never to others', async () => {
    const made = await call<{ id: string; familyShared: boolean }>('POST', '/api/binders', 'olivia', { name: 'Family vault', category: 'personal', isPublic: false, familyShared: true });
    expect(made.status).toBe(201);
    expect(made.body.familyShared).toBe(true);
    const hidden = await call<{ id: string }>('POST', '/api/binders', 'olivia', { name: 'Just mine', category: 'personal', isPublic: false });
    expect((await call('GET', `/api/binders/${made.body.id}`, 'max')).status).toBe(200);
    expect((await call('GET', `/api/binders/${hidden.body.id}`, 'max')).status).toBe(404);
    expect((await call('GET', `/api/binders/${made.body.id}`, 'eve')).status).toBe(404);
    expect((await app.request(`/api/binders/${made.body.id}`)).status).toBe(404);
    // Reading is all a member may do.
    expect((await call('PATCH', `/api/binders/${made.body.id}`, 'max', { name: 'Mine now' })).status).toBe(404);
    const listed = await call<FamilyBindersResponse>('GET', '/api/family/binders', 'max');
    expect(listed.body.items.map((b) => b.name)).toEqual(['Family vault']);
    expect(listed.body.items[0]!.owner).toMatchObject({ userId: ids.olivia, username: 'olivia_family' });
    expect((await call<FamilyBindersResponse>('GET', '/api/family/binders', 'eve')).body.items).toEqual([]);
    // Removed from the family, Max no longer reads it.
    await call('DELETE', `/api/family/members/${ids.max}`, 'olivia');
    expect((await call('GET', `/api/binders/${made.body.id}`, 'max')).status).toBe(404);
  });
});
