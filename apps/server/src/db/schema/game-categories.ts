import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const gameCategories = pgTable('game_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});
