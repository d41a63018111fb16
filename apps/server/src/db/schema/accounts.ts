import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** What a user tells about themselves and their preferences (spec §3 profiles). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username'),
    countryCode: text('country_code'),
    displayName: text('display_name'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    planSelectionCompleted: boolean('plan_selection_completed').notNull().default(false),
    language: text('language'),
    currency: text('currency'),
    theme: text('theme'),
    animations: boolean('animations'),
    marketplace: text('marketplace'),
    priceType: text('price_type'),
    /** E-mail the user when one of their price alerts fires (Settings → Preferences); on unless turned off. */
    alertEmails: boolean('alert_emails').notNull().default(true),
    /** E-mail the user when someone follows them or comments on their deck or binder; on unless turned off. */
    communityEmails: boolean('community_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // User names are unique regardless of case.
  (t) => [uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** Every consent given or withdrawn, with the document version, time, locale and user agent (spec §3). */
export const userConsents = pgTable(
  'user_consents',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentType: text('consent_type').notNull(),
    given: boolean('given').notNull(),
    version: text('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    locale: text('locale'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('user_consents_unique_idx').on(t.userId, t.consentType, t.version),
    index('user_consents_user_type_idx').on(t.userId, t.consentType, t.createdAt),
  ],
);

export const userCookiePreferences = pgTable(
  'user_cookie_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cookieType: text('cookie_type').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cookieType] })],
);

/** Versions of the legal documents; the current one is the newest already in effect. */
export const legalVersions = pgTable(
  'legal_versions',
  {
    docType: text('doc_type').notNull(),
    version: text('version').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.docType, t.version] })],
);
