import type { SubscriptionStatus } from '@grandline/core/plans';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { billingEvents, userSubscriptions, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { planOfPrice, type BillingConfig, type BillingInterval, type PaidPlan } from '../../lib/billing-config';

/**
 * Payments through Stripe (issue 16): Checkout for a plan, the customer portal, and the webhook that keeps
 * `user_subscriptions` in step with Stripe's subscription objects. Checkout and the portal are pages of Stripe's own
 * that the browser opens (no third-party script enters our pages).
 */

/** Payments are a feature this server may not have: not found, like any route it does not serve (never a 5xx). */
const billingNotConfigured = () => new AppError('BILLING_NOT_CONFIGURED', 404, 'Billing is not configured on this server');

/** A Stripe call that failed (network, time-out, Stripe's error): the spec's toast text, never Stripe's internals. */
async function stripeCall<T>(log: Logger, failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    log.error({ err }, failure);
    throw new AppError('BILLING_UNAVAILABLE', 502, failure);
  }
}

async function subscriptionRow(db: Db, userId: string) {
  const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
  return row;
}

/**
 * A Checkout page for a plan and interval: `{ url }`. The user's Stripe customer is made once and kept (its id in their
 * subscription row); the subscription carries the user's id, so the webhook finds them even before the customer is linked.
 */
/** How far a webhook's signature time may be from now, either way (Stripe's own default is 5 minutes, past only). */
const SIGNATURE_TOLERANCE_S = 300;

export async function createCheckout({
  db,
  log,
  billing,
  user,
  plan,
  interval,
}: {
  db: Db;
  log: Logger;
  billing: BillingConfig | undefined;
  user: { id: string; email: string };
  plan: PaidPlan;
  interval: BillingInterval;
}): Promise<{ url: string }> {
  if (!billing) throw billingNotConfigured();
  const price = billing.prices[plan][interval];
  if (!price) throw new AppError('PLAN_NOT_OFFERED', 400, `The ${plan} plan is not sold per ${interval} on this server`);
  const current = await subscriptionRow(db, user.id);
  if (current?.isSubscribed) throw new AppError('ALREADY_SUBSCRIBED', 409, 'You already have a subscription. Manage it from the customer portal.');
  const failure = 'Failed to create checkout session';
  let customer = current?.customerId ?? null;
  if (!customer) {
    const created = await stripeCall(log, failure, () =>
      billing.stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    customer = created.id;
    await db
      .insert(userSubscriptions)
      .values({ userId: user.id, customerId: customer })
      .onConflictDoUpdate({ target: userSubscriptions.userId, set: { customerId: customer, updatedAt: new Date() } });
  }
  const back = `${billing.publicUrl}/settings?tab=subscription`;
  const session = await stripeCall(log, failure, () =>
    billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer!,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { userId: user.id } },
      allow_promotion_codes: true,
      success_url: `${back}&checkout=success`,
      cancel_url: `${back}&checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError('BILLING_UNAVAILABLE', 502, failure);
  return { url: session.url };
}

/** The customer portal of the user's Stripe customer: `{ url }`; 404 when they never subscribed. */
export async function createPortal({ db, log, billing, user }: { db: Db; log: Logger; billing: BillingConfig | undefined; user: { id: string } }): Promise<{ url: string }> {
  if (!billing) throw billingNotConfigured();
  const customer = (await subscriptionRow(db, user.id))?.customerId;
  if (!customer) throw new AppError('NO_SUBSCRIPTION', 404, 'There is no subscription to manage yet');
  const session = await stripeCall(log, 'Failed to open customer portal', () =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url: `${billing.publicUrl}/settings?tab=subscription` }),
  );
  return { url: session.url };
}

/** Spec §4 knows four states; Stripe's others are folded into them (incomplete: the first payment is not made yet). */
function specStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status as string) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return status as SubscriptionStatus;
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return null;
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The row a Stripe subscription object gives: its state as Stripe holds it now. */
function rowOf(billing: BillingConfig, sub: Stripe.Subscription) {
  const item = sub.items.data[0];
  const status = specStatus(sub.status);
  const periodEnd = item?.current_period_end ?? null;
  const end = sub.cancel_at ?? sub.ended_at ?? periodEnd;
  const plan = status ? planOfPrice(billing, item?.price.id) : null;
  return {
    isSubscribed: status === 'active' || status === 'trialing' || status === 'past_due',
    subscriptionStatus: plan ? status : null,
    productId: idOf(item?.price.product as string | { id: string } | undefined),
    plan,
    subscriptionEnd: end ? new Date(end * 1000) : null,
    customerId: idOf(sub.customer),
    subscriptionId: sub.id,
  };
}

/** The user a subscription belongs to: by its customer (linked at checkout), else by the user id it carries. */
async function userOfSubscription(db: Db, sub: Stripe.Subscription): Promise<string | null> {
  const customer = idOf(sub.customer);
  if (customer) {
    const [row] = await db.select({ userId: userSubscriptions.userId }).from(userSubscriptions).where(eq(userSubscriptions.customerId, customer));
    if (row) return row.userId;
  }
  const fromMetadata = sub.metadata?.userId;
  if (!fromMetadata) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata));
  return user?.id ?? null;
}

/** What a webhook call did: applied, a replay of an event already applied, or an event type we do not act on. */
export type WebhookOutcome = { applied: boolean; duplicate: boolean; userId: string | null };

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

/**
 * POST /api/billing/webhook: the signature is checked on the raw body (400 when it does not match), then
 * - a subscription event, or a completed Checkout, stores the subscription as Stripe holds it *now* (read back from
 *   Stripe), so events arriving late or out of order cannot leave an old state behind;
 * - the event id is recorded in the same transaction as the change: a replay answers 200 and changes nothing;
 * - other event types are acknowledged (200) and left alone.
 */
export async function handleWebhook({
  db,
  log,
  billing,
  rawBody,
  signature,
}: {
  db: Db;
  log: Logger;
  billing: BillingConfig | undefined;
  rawBody: string;
  signature: string | undefined;
}): Promise<WebhookOutcome> {
  if (!billing) throw billingNotConfigured();
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.webhookSecret, SIGNATURE_TOLERANCE_S);
  } catch {
    throw new AppError('INVALID_SIGNATURE', 400, 'Invalid webhook signature');
  }
  // Stripe's check refuses a signature older than the tolerance, not one dated in the future (a clock far ahead, or a
  // signature made to be replayed later): refused the same way.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature ?? '')?.[1]);
  if (!(signedAt <= Date.now() / 1000 + SIGNATURE_TOLERANCE_S)) throw new AppError('INVALID_SIGNATURE', 400, 'Invalid webhook signature');
  const [seen] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id));
  if (seen) return { applied: false, duplicate: true, userId: null };

  let subscriptionId: string | null = null;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode === 'subscription') subscriptionId = idOf(session.subscription as string | { id: string } | null);
  } else if (SUBSCRIPTION_EVENTS.has(event.type)) {
    subscriptionId = (event.data.object as Stripe.Subscription).id;
  }
  const sub = subscriptionId
    ? await stripeCall(log, 'Failed to read the subscription from Stripe', () => billing.stripe.subscriptions.retrieve(subscriptionId))
    : null;
  let userId: string | null = null;
  if (sub) {
    userId = await userOfSubscription(db, sub);
    if (!userId && event.type === 'checkout.session.completed') userId = (event.data.object as Stripe.Checkout.Session).client_reference_id ?? null;
    if (!userId) log.warn({ event: event.id, subscription: sub.id }, 'a Stripe subscription of no known user');
  }
  const applied = await db.transaction(async (tx) => {
    const [recorded] = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
    // Another delivery of the same event got here first.
    if (!recorded) return false;
    if (!sub || !userId) return true;
    const row = { ...rowOf(billing, sub), providerUpdatedAt: event.created, updatedAt: new Date() };
    await tx
      .insert(userSubscriptions)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userSubscriptions.userId, set: row });
    return true;
  });
  return { applied: applied && Boolean(sub && userId), duplicate: !applied, userId: applied ? userId : null };
}
