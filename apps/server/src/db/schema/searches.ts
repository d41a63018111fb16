import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's saved search (issue 42): a name and a query of the search language, kept as it was sent. New prints of the
 * catalogue that match it notify its owner (features/searches/search-notices.ts).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    q: text('q').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    check('saved_searches_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('saved_searches_q_length', sql`char_length(${t.q}) <= 500`),
  ],
);

/**
 * Which new print each saved search has told its owner about: a (search, print) pair is notified once. Written in bulk
 * (every pair of an announcement), so it has the primary key only: no foreign key to cards (each pair would check
 * it; a print's id is never reused, so the pair of a removed print is inert) nor an index by card.
 */
export const searchNotices = pgTable(
  'search_notices',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.cardId] })],
);
