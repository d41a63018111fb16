import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { gameCategories } from './game-categories';

export const cardSets = pgTable(
  'card_sets',
  {
    id: serial('id').primaryKey(),
    gameCategory: text('game_category')
      .notNull()
      .references(() => gameCategories.id),
    /** The product name exactly as the source data spells it; the import's natural key. */
    sourceKey: text('source_key').notNull().unique(),
    code: text('code'),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    kind: text('kind').notNull(),
    releaseYear: integer('release_year'),
    /** English release day when known (SET_RELEASE_DATES in catalogue-source.ts; the card data has none). */
    releaseDate: date('release_date', { mode: 'string' }),
    size: integer('size').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_sets_game_idx').on(t.gameCategory, t.sortOrder)],
);
