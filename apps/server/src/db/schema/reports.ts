import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Every price comparison report a user ran, with what was asked: the stored fact the weekly plan counter counts (UTC
 * ISO weeks, exact across replicas) and what a CSV export of the report re-reads.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    /**
     * What the run answered (its rows as computed, the counts, the page), kept on the user's latest run only (older
     * runs are emptied in the transaction that adds a new one): the week's report reopens from it (issue 46).
     */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_runs_user_idx').on(t.userId, t.kind, t.createdAt), check('report_runs_kind', sql`${t.kind} in ('price_comparison')`)],
);

/** Every CSV export a user made (what, when): the monthly plan counter counts them (UTC calendar months). */
export const csvExports = pgTable(
  'csv_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectId: text('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('csv_exports_user_idx').on(t.userId, t.createdAt)],
);
