import { effectivePlan, type PlanId, type SubscriptionFacts, type SubscriptionStatus } from '@grandline/core/plans';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';

/**
 * The plan a user is on (packages/core plans.ts `effectivePlan`): from their stored subscription and an admin's
 * complimentary grant. The facts travel with the session (lib/session-cache.ts; the one-statement session read selects
 * them), so a gate reads nothing; a change to either drops the user's cached sessions on every replica.
 */
export interface PlanFacts {
  subscription: SubscriptionFacts | null;
  complimentary: PlanId | null;
}

type SubscriptionJson = { plan: PlanId; status: SubscriptionStatus; end: string | null } | null;

/** The user's subscription as far as the plan goes (a row with a plan and a status), as one JSON value. */
export const subscriptionFactsSql = (userId: AnyColumn): SQL<SubscriptionJson> => sql<SubscriptionJson>`(
  select json_build_object('plan', s.plan, 'status', s.subscription_status, 'end', s.subscription_end)
  from user_subscriptions s where s.user_id = ${userId} and s.plan is not null and s.subscription_status is not null)`;

/** The user's complimentary plan, or null. */
export const complimentaryPlanSql = (userId: AnyColumn): SQL<PlanId | null> => sql<PlanId | null>`(select g.plan from plan_grants g where g.user_id = ${userId})`;

/** The facts of the two selections above, as read. */
export const planFacts = (subscription: SubscriptionJson, complimentary: PlanId | null): PlanFacts => ({
  subscription: subscription ? { plan: subscription.plan, status: subscription.status, end: subscription.end ? new Date(subscription.end) : null } : null,
  complimentary,
});

/** A user's plan facts in one statement (when they did not come with the session). */
export async function readPlanFacts(db: Db, userId: string): Promise<PlanFacts> {
  const [row] = await db
    .select({ subscription: subscriptionFactsSql(users.id), complimentary: complimentaryPlanSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return planFacts(row?.subscription ?? null, row?.complimentary ?? null);
}

/** The plan those facts give now. */
export const planFromFacts = (facts: PlanFacts, now = new Date()): PlanId => effectivePlan(facts, now);
