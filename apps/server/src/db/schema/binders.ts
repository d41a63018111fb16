import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cards } from './cards';

/** A user's binder (spec §3 Binder): Personal, Trade, or the one Wishlist. */
export const binders = pgTable(
  'binders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** Shared with the owner's family (Family plan): its members may read it like its owner's public binders. */
    familyShared: boolean('family_shared').notNull().default(false),
    coverCardId: integer('cover_card_id').references(() => cards.id),
    /** A public binder is listed on its owner's profile unless they hide it there (issue 18); a private one never is. */
    showOnProfile: boolean('show_on_profile').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('binders_user_updated_idx').on(t.userId, t.updatedAt),
    uniqueIndex('binders_one_wishlist_idx').on(t.userId).where(sql`${t.category} = 'wishlist'`),
    check('binders_category', sql`${t.category} in ('personal', 'trade', 'wishlist')`),
  ],
);

/**
 * The cards of a binder: one row per print, condition and language (an unknown condition or language is the
 * empty string, so the unique key holds), with copies, date added and an optional purchase price.
 */
export const binderCards = pgTable(
  'binder_cards',
  {
    id: serial('id').primaryKey(),
    binderId: text('binder_id')
      .notNull()
      .references(() => binders.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    quantity: integer('quantity').notNull(),
    condition: text('condition').notNull().default(''),
    language: text('language').notNull().default(''),
    /** What was paid, in integer minor units of `purchaseCurrency` (ISO 4217 exponent; hundredths when no currency). */
    purchasePriceMinor: bigint('purchase_price_minor', { mode: 'number' }),
    purchaseCurrency: text('purchase_currency'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A wishlist row that any print of the card's number satisfies (trades match it on the number, issue 44); null:
     * not said (the print itself), so that copies added without it keep what the row said.
     */
    anyPrint: boolean('any_print'),
  },
  (t) => [
    uniqueIndex('binder_cards_print_idx').on(t.binderId, t.cardId, t.condition, t.language),
    check('binder_cards_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
