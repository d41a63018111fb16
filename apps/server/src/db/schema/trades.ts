import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { binders } from './binders';
import { cards } from './cards';

/**
 * Whether a user trades (issue 44): opt-in. Only users with `open` are matched or may receive proposals; `countries`
 * are the countries they trade with (empty: any). No row is the same as closed.
 */
export const tradingSettings = pgTable(
  'trading_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    open: boolean('open').notNull().default(false),
    note: text('note'),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by the database itself (migration 0029's triggers) when a transaction that changed the user's Trade or
     * wishlist rows commits: the trade book (features/trades/trade-book.ts) keeps each open user's rows in memory
     * and reloads them when this differs from the revision it read them at.
     */
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('trading_settings_open_idx').on(t.userId).where(sql`${t.open}`),
    check('trading_settings_note_length', sql`${t.note} is null or char_length(${t.note}) <= 280`),
  ],
);

/**
 * Users whose Trade or wishlist rows a running transaction changed (one row per statement and user, written by the
 * triggers of migration 0029); at commit a deferred trigger raises trading_settings.rev of each and deletes the row.
 * Always empty between transactions.
 */
export const tradeRevPending = pgTable('trade_rev_pending', { userId: text('user_id').notNull() });

/**
 * A proposed swap between two users: the proposer gives the `give` lines and gets the `get` lines (trade_lines).
 * proposed → accepted | declined | cancelled; accepted → completed when both parties marked it received (or
 * cancelled by the proposer before). On completion the copies move in one transaction, exactly once.
 */
export const trades = pgTable(
  'trades',
  {
    id: text('id').primaryKey(),
    proposerId: text('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('proposed'),
    note: text('note'),
    /** Where each party's received copies go (default: their first Personal binder, created if none). */
    proposerBinderId: text('proposer_binder_id').references(() => binders.id, { onDelete: 'set null' }),
    recipientBinderId: text('recipient_binder_id').references(() => binders.id, { onDelete: 'set null' }),
    proposerReceivedAt: timestamp('proposer_received_at', { withTimezone: true }),
    recipientReceivedAt: timestamp('recipient_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('trades_proposer_idx').on(t.proposerId, t.updatedAt),
    index('trades_recipient_idx').on(t.recipientId, t.updatedAt),
    check('trades_status', sql`${t.status} in ('proposed', 'accepted', 'declined', 'cancelled', 'completed')`),
    check('trades_two_parties', sql`${t.proposerId} <> ${t.recipientId}`),
    check('trades_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/** The lines of a trade: `give` (the proposer gives) or `get` (the proposer gets), one per print. */
export const tradeLines = pgTable(
  'trade_lines',
  {
    tradeId: text('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.side, t.cardId] }),
    check('trade_lines_side', sql`${t.side} in ('give', 'get')`),
    check('trade_lines_quantity', sql`${t.quantity} > 0`),
  ],
);
