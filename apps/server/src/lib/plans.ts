import { effectivePlan, type PlanId, type PlanSources, type SubscriptionStatus } from '@grandline/core/plans';
import { eq, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';

/**
 * The plan a user is on (packages/core plans.ts `effectivePlan`): from their stored subscription, an admin's
 * complimentary grant and the family they belong to (its owner's own subscription and grant). The facts travel with
 * the session (lib/session-cache.ts; the one-statement session read selects them), so a gate reads nothing; a change
 * to any of them drops the user's cached sessions on every replica (lib/plan-events.ts).
 */
export type PlanFacts = Required<PlanSources>;

type SubscriptionJson = { plan: PlanId; status: SubscriptionStatus; end: string | null } | null;
type SourcesJson = { subscription: SubscriptionJson; complimentary: PlanId | null };
export type PlanFactsJson = SourcesJson & { family: SourcesJson | null };

/** A user's subscription as far as the plan goes (a row with a plan and a status), as one JSON value. */
const subscriptionOf = (userId: SQLWrapper) => sql`(
  select json_build_object('plan', s.plan, 'status', s.subscription_status, 'end', s.subscription_end)
  from user_subscriptions s where s.user_id = ${userId} and s.plan is not null and s.subscription_status is not null)`;

/** A user's complimentary plan, or null. */
const grantOf = (userId: SQLWrapper) => sql`(select g.plan from plan_grants g where g.user_id = ${userId})`;

/** Every fact the user's plan is made of, as one JSON value (one subquery of the session read). */
export const planFactsSql = (userId: AnyColumn): SQL<PlanFactsJson> => sql<PlanFactsJson>`json_build_object(
  'subscription', ${subscriptionOf(userId)},
  'complimentary', ${grantOf(userId)},
  'family', (select json_build_object('subscription', ${subscriptionOf(sql`f.owner_id`)}, 'complimentary', ${grantOf(sql`f.owner_id`)})
    from family_members f where f.member_id = ${userId}))`;

const subscriptionFacts = (s: SubscriptionJson) => (s ? { plan: s.plan, status: s.status, end: s.end ? new Date(s.end) : null } : null);

/** The facts of `planFactsSql`, as read. */
export const planFacts = (json: PlanFactsJson): PlanFacts => ({
  subscription: subscriptionFacts(json.subscription),
  complimentary: json.complimentary,
  familyOwner: json.family ? { subscription: subscriptionFacts(json.family.subscription), complimentary: json.family.complimentary } : null,
});

/** A user's plan facts in one statement (when they did not come with the session). */
export async function readPlanFacts(db: Db, userId: string): Promise<PlanFacts> {
  const [row] = await db.select({ facts: planFactsSql(users.id) }).from(users).where(eq(users.id, userId));
  return planFacts(row?.facts ?? { subscription: null, complimentary: null, family: null });
}

/** The plan those facts give now. */
export const planFromFacts = (facts: PlanFacts, now = new Date()): PlanId => effectivePlan(facts, now);
