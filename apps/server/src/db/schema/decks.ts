import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cards } from './cards';

/** A user's deck (spec §3 Deck). The leader and cover are prints from the library. */
export const decks = pgTable(
  'decks',
  {
    id: text('id').primaryKey(),
    /** The owner; null for a tournament's published list (db/schema/tournaments.ts), public and owned by no user. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    description: text('description'),
    gameCategory: text('game_category').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    leaderCardId: integer('leader_card_id').references(() => cards.id),
    coverCardId: integer('cover_card_id').references(() => cards.id),
    /** A public deck is listed on its owner's profile unless they hide it there (issue 18); a private one never is. */
    showOnProfile: boolean('show_on_profile').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decks_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** The main-deck rows of a deck: one per print, with its quantity (spec §3 Deck card). */
export const deckCards = pgTable(
  'deck_cards',
  {
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deckId, t.cardId] }), check('deck_cards_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * Banned cards, restricted cards and banned pairs, entry by entry and dated (packages/core decks/regulations.ts): the
 * shipped entries are stored on first use, and admins add entries or end them in /admin. Never deleted: the history
 * judges old decks on the list of their date.
 */
export const deckRegulations = pgTable(
  'deck_regulations',
  {
    id: serial('id').primaryKey(),
    gameCategory: text('game_category').notNull(),
    kind: text('kind').notNull(),
    cardNumber: text('card_number').notNull(),
    pairedWith: text('paired_with'),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    untilDay: date('until_day', { mode: 'string' }),
    source: text('source').notNull(),
    note: text('note'),
    /** Shipped with the app (packages/core) rather than added by an admin. */
    shipped: boolean('shipped').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: text('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deck_regulations_entry_idx').on(t.gameCategory, t.kind, t.cardNumber, sql`coalesce(${t.pairedWith}, '')`, t.fromDay),
    check('deck_regulations_kind', sql`${t.kind} in ('banned', 'restricted', 'pair')`),
    check('deck_regulations_pair', sql`(${t.kind} = 'pair') = (${t.pairedWith} is not null)`),
    check('deck_regulations_period', sql`${t.untilDay} is null or ${t.untilDay} > ${t.fromDay}`),
  ],
);
