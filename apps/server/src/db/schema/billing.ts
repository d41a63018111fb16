import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's paid subscription (spec §3 Subscription, keyed by user_id), kept in step with the payment provider's
 * subscription object by its webhook. No row: Free.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    subscriptionStatus: text('subscription_status'),
    /** The subscribed product (the provider's product id). */
    productId: text('product_id'),
    /** The plan that product is (hobby or family), resolved when the subscription is stored. */
    plan: text('plan'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    customerId: text('customer_id').unique(),
    subscriptionId: text('subscription_id'),
    /**
     * When the provider last changed the stored subscription object (its event's creation time, seconds): an older
     * event arriving late changes nothing.
     */
    providerUpdatedAt: bigint('provider_updated_at', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_subscriptions_status', sql`${t.subscriptionStatus} is null or ${t.subscriptionStatus} in ('active', 'trialing', 'past_due', 'canceled')`),
    check('user_subscriptions_plan', sql`${t.plan} is null or ${t.plan} in ('hobby', 'family')`),
  ],
);

/** A complimentary plan an admin granted (with or without payments configured); combined with a subscription, the higher counts. */
export const planGrants = pgTable(
  'plan_grants',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('plan_grants_plan', sql`${t.plan} in ('hobby', 'family')`)],
);

/** The payment provider's webhook events already applied (by event id): a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
