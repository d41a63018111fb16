import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Who follows whom (issue 18): one row per pair; a user never follows themselves. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Milliseconds, as JavaScript keeps them: the keyset cursor of the lists round-trips exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
    // Followers of a user, newest first (keyset pages); the primary key serves "following" lists.
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt, t.followerId),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt, t.followeeId),
  ],
);
