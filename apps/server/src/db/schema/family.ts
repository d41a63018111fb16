import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Family sharing (issue 16): a Family plan's owner and the members they invited. A user is a member of at most one
 * family (the primary key); members get Hobby while the owner's plan is Family, and see the binders the family shares.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_members_owner_idx').on(t.ownerId), check('family_members_not_self', sql`${t.memberId} <> ${t.ownerId}`)],
);

/** An invitation by e-mail (lowercase), pending until the person with that address accepts or declines it. */
export const familyInvites = pgTable(
  'family_invites',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_invites_owner_email_idx').on(t.ownerId, t.email), index('family_invites_email_idx').on(t.email)],
);
