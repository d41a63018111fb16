/**
 * Follows (issue 18): follow and unfollow by user name (idempotent, never oneself, rate-limited, terms required),
 * followers and following lists in keyset pages, and nothing but public fields in them.
 */
import type { FollowListResponse, FollowStateResponse } from '@grandline/core/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const cookies: Record<string, string> = {};

const send = (method: string, path: string, cookie?: string) => ctx.app.request(path, { ...postJson({}, cookie ? { Cookie: cookie } : {}), method });
const get = (path: string) => ctx.app.request(path);
const followState = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FollowStateResponse;
};

beforeAll(async () => {
  ctx = await createAuthTestApp();
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    cookies[name] = await signUpVerified(ctx, `${name}-follows@example.com`);
    const res = await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: `${name}_op`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookies[name]! }), method: 'POST' });
    expect(res.status).toBe(200);
  }
  cookies.newcomer = await signUpVerified(ctx, 'newcomer-follows@example.com');
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('follow and unfollow', () => {
  it('follows by user name in any letter case, idempotently, and counts followers', async () => {
    expect(await followState(await send('PUT', '/api/profiles/bob_op/follow', cookies.alice))).toEqual({ following: true, followers: 1 });
    expect(await followState(await send('PUT', '/api/profiles/BOB_OP/follow', cookies.alice))).toEqual({ following: true, followers: 1 });
    expect(await followState(await send('PUT', '/api/profiles/bob_op/follow', cookies.carol))).toEqual({ following: true, followers: 2 });
    expect(await followState(await send('DELETE', '/api/profiles/bob_op/follow', cookies.carol))).toEqual({ following: false, followers: 1 });
    // Unfollowing someone not followed is no error either.
    expect(await followState(await send('DELETE', '/api/profiles/bob_op/follow', cookies.carol))).toEqual({ following: false, followers: 1 });
  });

  it('refuses to follow oneself (400), whatever the letter case, and the database refuses it too', async () => {
    for (const name of ['alice_op', 'ALICE_op']) {
      const res = await send('PUT', `/api/profiles/${name}/follow`, cookies.alice);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'CANNOT_FOLLOW_SELF', message: 'You cannot follow yourself' } });
    }
    const [me] = await ctx.database.db.query.profiles.findMany({ where: (p, { eq }) => eq(p.username, 'alice_op') });
    await expect(ctx.db.insert(follows).values({ followerId: me!.id, followeeId: me!.id })).rejects.toThrow();
  });

  it('answers 404 for a user name nobody has, 400 for one that cannot be, 401 signed out and 403 before the terms', async () => {
    expect((await send('PUT', '/api/profiles/nobody_here/follow', cookies.alice)).status).toBe(404);
    expect((await send('PUT', `/api/profiles/${encodeURIComponent('bob op<script>')}/follow`, cookies.alice)).status).toBe(400);
    expect((await send('PUT', `/api/profiles/${'a'.repeat(31)}/follow`, cookies.alice)).status).toBe(400);
    expect((await send('PUT', '/api/profiles/bob_op/follow')).status).toBe(401);
    expect((await send('PUT', '/api/profiles/bob_op/follow', cookies.newcomer)).status).toBe(403);
  });

  it('limits follows and unfollows to 60 an hour per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await send(i % 2 ? 'DELETE' : 'PUT', '/api/profiles/carol_op/follow', cookies.erin)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await send('PUT', '/api/profiles/carol_op/follow', cookies.dave)).status).toBe(200);
  });
});

describe('followers and following lists', () => {
  it('lists newest first in keyset pages that together hold every follow once, with public fields only', async () => {
    // (Erin used up her hour in the test above.)
    for (const name of ['carol', 'dave', 'bob']) expect((await send('PUT', '/api/profiles/alice_op/follow', cookies[name])).status).toBe(200);
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/profiles/alice_op/followers?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as FollowListResponse;
      for (const item of page.items) expect(Object.keys(item).sort()).toEqual(['avatarUrl', 'countryCode', 'displayName', 'followedAt', 'username']);
      seen.push(...page.items.map((i) => i.username));
      times.push(...page.items.map((i) => i.followedAt));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    // Every follower once, newest first (follows made in the same millisecond are ordered by user id).
    expect([...seen].sort()).toEqual(['bob_op', 'carol_op', 'dave_op']);
    expect([...times].sort().reverse()).toEqual(times);
    const whole = (await (await get('/api/profiles/alice_op/followers?limit=100')).json()) as FollowListResponse;
    expect(whole.items.map((i) => i.username)).toEqual(seen);
    expect(pages).toBe(2);
    expect(JSON.stringify(seen)).not.toContain('@');

    const following = (await (await get('/api/profiles/alice_op/following')).json()) as FollowListResponse;
    expect(following.items.map((i) => i.username)).toEqual(['bob_op']);
    expect(following.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make (400) and a profile nobody has (404)', async () => {
    expect((await get('/api/profiles/alice_op/followers?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await get('/api/profiles/alice_op/followers?cursor=%3Cscript%3E')).status).toBe(400);
    expect((await get('/api/profiles/nobody_here/following')).status).toBe(404);
    const at = new Date('2026-11-27T10:00:00.123Z');
    expect(decodeCursor(encodeCursor({ at, id: 'user-1' }))).toEqual({ at, id: 'user-1' });
  });
});
