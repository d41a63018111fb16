import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cards } from './cards';

/**
 * A price alert (spec §3 Watch): one print, one market, below or above a threshold in hundredths of `currency`. It
 * fires once (status *_threshold_met, with the time and price) and waits there until its owner edits it.
 *
 * An evaluation reads every watch (a sequential scan) and writes only status, triggered_at and triggered_price, which
 * no index holds: with free room on each page (fillfactor 80, set in the migration) those updates are HOT — no index
 * entry is written — which halves the cost of firing many watches at once.
 */
export const watches = pgTable(
  'watches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    direction: text('direction').notNull(),
    threshold: integer('threshold').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('watching'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPrice: integer('triggered_price'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('watches_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('watches_one_per_rule_idx').on(t.userId, t.cardId, t.market, t.direction),
    check('watches_direction', sql`${t.direction} in ('below', 'above')`),
    check('watches_status', sql`${t.status} in ('watching', 'below_threshold_met', 'above_threshold_met')`),
    check('watches_threshold_positive', sql`${t.threshold} > 0`),
  ],
);

/** What a user is told (a watch fired…): newest first by id, which is also the live stream's event id. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * Who caused it (the follower, the commenter); null for a price alert. Their deleted account takes its
     * notifications with it, and a follow notification is not repeated for the same pair within a day.
     */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its e-mail was sent, or skipped (the user turned alert e-mails off); null: still to send. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** When it was sent as Web Push to the user's devices (or there was nothing to send); null: still to push. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    // A user's page, and their unread count (a short range of one user's rows).
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_to_email_idx').on(t.id).where(sql`${t.emailedAt} is null`),
    index('notifications_to_push_idx').on(t.id).where(sql`${t.pushedAt} is null`),
    // An actor's notifications: deleted with their account, looked up for a repeated follow or a deleted comment.
    index('notifications_actor_idx').on(t.actorId, t.userId).where(sql`${t.actorId} is not null`),
  ],
);

/**
 * The open notification streams of every process (GET /api/notifications/stream), so that a user's limit holds
 * across processes and replicas: a stream's row is written when it opens, its `seen_at` refreshed by its process at
 * every heartbeat, and deleted when it closes. A row not refreshed for a few heartbeats (a process that died) no longer
 * counts; housekeeping deletes it.
 */
export const notificationStreams = pgTable(
  'notification_streams',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_streams_user_idx').on(t.userId, t.seenAt)],
);
