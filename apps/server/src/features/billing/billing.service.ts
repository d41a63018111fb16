import type { BillingStatusResponse } from '@grandline/core/contracts/billing';
import { effectivePlan, type PlanId, type SubscriptionStatus } from '@grandline/core/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planGrants, userSubscriptions, users } from '../../db/schema/index';
import type { BillingConfig } from '../../lib/billing-config';
import { AppError } from '../../lib/errors';
import { planFacts, planFactsSql } from '../../lib/plans';

/**
 * A user's plan and subscription (spec §3, §7), and the complimentary plans admins grant. What a plan allows is in
 * packages/core plans.ts; the gates read the plan through the session (lib/auth-gate.ts sessionPlan).
 */

/** GET /api/billing/status for one user: their subscription row (none: Free), complimentary plan and the plan in effect. */
export async function billingStatus({ db, userId, billing, now = new Date() }: { db: Db; userId: string; billing?: BillingConfig; now?: Date }): Promise<BillingStatusResponse> {
  const [row] = await db
    .select({
      isSubscribed: userSubscriptions.isSubscribed,
      status: userSubscriptions.subscriptionStatus,
      productId: userSubscriptions.productId,
      plan: userSubscriptions.plan,
      end: userSubscriptions.subscriptionEnd,
      facts: planFactsSql(users.id),
    })
    .from(users)
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw userNotFound();
  const status = row.status as SubscriptionStatus | null;
  const facts = planFacts(row.facts);
  return {
    plan: effectivePlan(facts, now),
    is_subscribed: row.isSubscribed ?? false,
    subscription_status: status,
    product_id: row.productId,
    subscription_end: row.end?.toISOString() ?? null,
    complimentaryPlan: facts.complimentary,
    billingConfigured: Boolean(billing),
    offers: { hobby: offered(billing, 'hobby'), family: offered(billing, 'family') },
  };
}

/** The intervals a paid plan is sold in: those with a configured price. */
const offered = (billing: BillingConfig | undefined, plan: 'hobby' | 'family') =>
  billing ? (['month', 'year'] as const).filter((interval) => Boolean(billing.prices[plan][interval])) : [];

const userNotFound = () => new AppError('NOT_FOUND', 404, 'User not found');

/**
 * Grants a user a complimentary plan (hobby or family), or takes it back (free), in one statement; a paid
 * subscription is untouched (the higher of the two counts). Answers the user's status after the change.
 */
export async function setComplimentaryPlan({
  db,
  actorId,
  userId,
  plan,
  billing,
}: {
  db: Db;
  actorId: string;
  userId: string;
  plan: PlanId;
  billing: BillingConfig | undefined;
}): Promise<BillingStatusResponse> {
  if (plan === 'free') {
    await db.delete(planGrants).where(eq(planGrants.userId, userId));
  } else {
    // Inserted only when the user exists (no foreign-key error to map), replacing a previous grant.
    await db
      .insert(planGrants)
      .select(
        db
          .select({ userId: users.id, plan: sql<string>`${plan}`.as('plan'), grantedBy: sql<string>`${actorId}`.as('granted_by'), grantedAt: sql<Date>`now()`.as('granted_at') })
          .from(users)
          .where(eq(users.id, userId)),
      )
      .onConflictDoUpdate({ target: planGrants.userId, set: { plan, grantedBy: actorId, grantedAt: sql`now()` } });
  }
  return billingStatus({ db, userId, billing });
}
