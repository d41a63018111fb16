import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cards } from './cards';

/** A user's deck (spec §3 Deck). The leader and cover are prints from the library. */
export const decks = pgTable(
  'decks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    description: text('description'),
    gameCategory: text('game_category').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    leaderCardId: integer('leader_card_id').references(() => cards.id),
    coverCardId: integer('cover_card_id').references(() => cards.id),
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
