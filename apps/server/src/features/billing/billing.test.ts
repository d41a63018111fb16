/**
 * Plans (issue 16): the plan in effect from a stored subscription and an admin's complimentary grant, GET
 * /api/billing/status (spec §7's fields), the admin grant, and a gate that follows the new plan on the very next
 * request (the plan travels with the cached session).
 */
import type { BillingStatusResponse } from '@grandline/core/contracts/billing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalEvents } from '../../db/client';
import { cards, notifications, userSubscriptions, users } from '../../db/schema/index';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { PLANS_CHANNEL } from '../../lib/plan-events';
import { sseReader } from '../../testing/sse';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let admin: string;
let alice: string;
let aliceId: string;
const events = createLocalEvents();

const send = (method: string, path: string, body: unknown, cookie: string) => ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
const accept = (cookie: string, username: string) =>
  send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);
const status = async (cookie: string) => {
  const res = await ctx.app.request('/api/billing/status', { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as BillingStatusResponse;
};
const grant = (plan: unknown, userId = aliceId, cookie = admin) => send('PUT', `/api/admin/users/${userId}/plan`, { plan }, cookie);

async function userId(email: string) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A stored subscription, as the payment provider's webhook keeps it. */
async function subscribe(values: { plan: 'hobby' | 'family'; status: 'active' | 'trialing' | 'past_due' | 'canceled'; end: Date | null }) {
  const row = { userId: aliceId, isSubscribed: values.status !== 'canceled', subscriptionStatus: values.status, productId: `prod_${values.plan}`, plan: values.plan, subscriptionEnd: values.end };
  await ctx.db.insert(userSubscriptions).values(row).onConflictDoUpdate({ target: userSubscriptions.userId, set: row });
  // What the webhook does after storing: the user's cached sessions go.
  await ctx.auth.sessionCache.invalidateUser(aliceId);
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, events, adminEmails: ['admin-billing@example.com'] });
  admin = await signUpVerified(ctx, 'admin-billing@example.com');
  alice = await signUpVerified(ctx, 'alice-billing@example.com');
  await accept(admin, 'admin_billing');
  await accept(alice, 'alice_billing');
  aliceId = await userId('alice-billing@example.com');
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate user_subscriptions, plan_grants, watches`);
  await ctx.auth.sessionCache.invalidateUser(aliceId);
});

describe('GET /api/billing/status', () => {
  it('answers Free with no subscription, and 401 to a visitor', async () => {
    expect(await status(alice)).toEqual({ plan: 'free', is_subscribed: false, subscription_status: null, product_id: null, subscription_end: null, complimentaryPlan: null, billingConfigured: false, offers: { hobby: [], family: [] } });
    expect((await ctx.app.request('/api/billing/status')).status).toBe(401);
  });

  it('gives the subscribed plan while the subscription grants it', async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    await subscribe({ plan: 'hobby', status: 'active', end });
    expect(await status(alice)).toEqual({ plan: 'hobby', is_subscribed: true, subscription_status: 'active', product_id: 'prod_hobby', subscription_end: end.toISOString(), complimentaryPlan: null, billingConfigured: false, offers: { hobby: [], family: [] } });
    await subscribe({ plan: 'family', status: 'trialing', end });
    expect((await status(alice)).plan).toBe('family');
    // A failed renewal being retried keeps the plan.
    await subscribe({ plan: 'hobby', status: 'past_due', end: new Date(Date.now() - 86_400_000) });
    expect((await status(alice)).plan).toBe('hobby');
    // Cancelled: until the paid period ends, then Free.
    await subscribe({ plan: 'hobby', status: 'canceled', end });
    expect(await status(alice)).toMatchObject({ plan: 'hobby', is_subscribed: false, subscription_status: 'canceled' });
    await subscribe({ plan: 'hobby', status: 'canceled', end: new Date(Date.now() - 1000) });
    expect((await status(alice)).plan).toBe('free');
  });
});

describe('PUT /api/admin/users/{id}/plan', () => {
  it('grants and takes back a complimentary plan; with a subscription the higher counts', async () => {
    const granted = await grant('hobby');
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ plan: 'hobby', complimentaryPlan: 'hobby', is_subscribed: false });
    expect(await status(alice)).toMatchObject({ plan: 'hobby', complimentaryPlan: 'hobby' });
    await subscribe({ plan: 'family', status: 'active', end: null });
    expect((await status(alice)).plan).toBe('family');
    expect(((await (await grant('family')).json()) as BillingStatusResponse).plan).toBe('family');
    await ctx.db.delete(userSubscriptions).where(eq(userSubscriptions.userId, aliceId));
    expect(await status(alice)).toMatchObject({ plan: 'family', complimentaryPlan: 'family' });
    const back = await grant('free');
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ plan: 'free', complimentaryPlan: null });
  });

  it('is for admins only, and answers a bad plan 400 and an unknown user 404', async () => {
    expect((await grant('hobby', aliceId, alice)).status).toBe(403);
    expect((await ctx.app.request(`/api/admin/users/${aliceId}/plan`, { ...postJson({ plan: 'hobby' }), method: 'PUT' })).status).toBe(401);
    for (const plan of ['gold', null, 1, 'Hobby']) expect((await grant(plan)).status, String(plan)).toBe(400);
    expect((await grant('hobby', 'no-such-user')).status).toBe(404);
    expect((await grant('free', 'no-such-user')).status).toBe(404);
    expect((await status(alice)).plan).toBe('free');
  });

  it("lifts a gate on the user's very next request (the plan travels with the cached session)", async () => {
    const ids = await Promise.all(
      ['OP01-016', 'OP01-001', 'OP01-003', 'OP01-120', 'OP01-002'].map(async (number) => {
        const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
        return row!.id;
      }),
    );
    const watch = (cardId: number) => send('POST', '/api/watches', { cardId, market: 'us', direction: 'above', threshold: 1000, currency: 'USD' }, alice);
    for (const id of ids.slice(0, 3)) expect((await watch(id)).status).toBe(201);
    const fourth = await watch(ids[3]!);
    expect(fourth.status).toBe(403);
    expect(((await fourth.json()) as { error: { code: string } }).error.code).toBe('PLAN_LIMIT');
    expect((await grant('hobby')).status).toBe(200);
    expect((await watch(ids[3]!)).status).toBe(201);
    const list = (await (await ctx.app.request('/api/watches', { headers: { Cookie: alice } })).json()) as { limit: number | null };
    expect(list.limit).toBeNull();
    // Taken back: the watches stay, a new one is refused again.
    expect((await grant('free')).status).toBe(200);
    expect((await watch(ids[4]!)).status).toBe(403);
    const kept = (await (await ctx.app.request('/api/watches', { headers: { Cookie: alice } })).json()) as { items: unknown[]; limit: number | null };
    expect(kept).toMatchObject({ limit: 3 });
    expect(kept.items).toHaveLength(4);
  });
});

describe('the realtime subscription (spec §7)', () => {
  it("tells the user's open notification streams when their plan changes, and only theirs", async () => {
    const open = async (cookie: string) => {
      const res = await ctx.app.request('/api/notifications/stream', { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const reader = sseReader(res.body!);
      expect((await reader.next()).event).toBe('unread');
      return reader;
    };
    const [aliceTab, adminTab] = [await open(alice), await open(admin)];
    expect((await grant('family')).status).toBe(200);
    expect(await aliceTab.next()).toEqual({ event: 'subscription', id: undefined, data: '{}' });
    // The status read that follows sees the new plan.
    expect((await status(alice)).plan).toBe('family');
    expect((await grant('free')).status).toBe(200);
    expect((await aliceTab.next()).event).toBe('subscription');
    expect((await status(alice)).plan).toBe('free');
    // The admin's own stream heard nothing of it: the next event it sees is a notification raised for the admin.
    const adminId = await userId('admin-billing@example.com');
    await ctx.db.insert(notifications).values({ userId: adminId, kind: 'watch_triggered', data: {} });
    await events.notify(NOTIFICATIONS_CHANNEL, notificationsPayload([adminId]));
    expect((await adminTab.next()).event).toBe('notification');
    await events.notify(PLANS_CHANNEL, adminId);
    expect((await adminTab.next()).event).toBe('unread');
    expect((await adminTab.next()).event).toBe('subscription');
    await aliceTab.cancel();
    await adminTab.cancel();
  });
});
