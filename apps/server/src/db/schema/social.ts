import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { binders } from './binders';
import { decks } from './decks';

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

/**
 * What a user did that others may see (issue 18): a deck made public, a binder shared, a comment posted. Read through a
 * join on the subject's visibility now, so an item made private leaves every profile and feed at once. A deck or
 * binder has at most one row of its kind (made public again, the row moves to the new time).
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    deckId: text('deck_id').references(() => decks.id, { onDelete: 'cascade' }),
    binderId: text('binder_id').references(() => binders.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('activities_kind', sql`${t.kind} in ('deck_published', 'binder_shared', 'comment_posted')`),
    check(
      'activities_subject',
      sql`(${t.kind} = 'deck_published' and ${t.deckId} is not null and ${t.binderId} is null and ${t.commentId} is null)
        or (${t.kind} = 'binder_shared' and ${t.binderId} is not null and ${t.deckId} is null and ${t.commentId} is null)
        or (${t.kind} = 'comment_posted' and ${t.commentId} is not null)`,
    ),
    // A profile's recent activity and the feed: newest first, keyset pages over (time, id).
    index('activities_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('activities_deck_idx').on(t.deckId).where(sql`${t.kind} = 'deck_published'`),
    uniqueIndex('activities_binder_idx').on(t.binderId).where(sql`${t.kind} = 'binder_shared'`),
    uniqueIndex('activities_comment_idx').on(t.commentId),
  ],
);

/**
 * Comments on public decks and public binders (issue 18): plain text, 1 to 1,000 characters, on exactly one item. The
 * item's visibility rules the comment's: a comment of a private item is not found, like the item.
 */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: text('deck_id').references(() => decks.id, { onDelete: 'cascade' }),
    binderId: text('binder_id').references(() => binders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('comments_one_item', sql`(${t.deckId} is null) <> (${t.binderId} is null)`),
    check('comments_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    index('comments_deck_created_idx').on(t.deckId, t.createdAt, t.id),
    index('comments_binder_created_idx').on(t.binderId, t.createdAt, t.id),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A user's report of a comment (one per user and comment); the admin area lists the reported comments. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.reporterId] }), index('comment_reports_created_idx').on(t.createdAt)],
);

/**
 * Messages of the contact form (issue 18), kept whether or not the e-mail to SUPPORT_EMAIL went out; the admin area lists
 * them and marks them handled. The sender's IP address is not kept (it only counts towards the hourly limit, in
 * rate_limits, which housekeeping empties after a day).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    /** The signed-in sender, if any. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    locale: text('locale'),
    /** 'sent' once the mail adapter accepted it, 'failed' when it did not (the message is kept either way). */
    mailStatus: text('mail_status').notNull().default('pending'),
    handledAt: timestamp('handled_at', { withTimezone: true, precision: 3 }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('contact_messages_mail_status', sql`${t.mailStatus} in ('pending', 'sent', 'failed')`),
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    index('contact_messages_email_created_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);
