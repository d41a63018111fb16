import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';
import { LANGUAGE_CODES, THEMES } from '../locales';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { PLAN_IDS } from '../plans';
import { ImageUrl, Text } from './common';

/** User name on account completion and consent (spec §5): 3–20 letters, digits and underscores. */
export const Username = z
  .string()
  .trim()
  .min(1, 'validation.usernameRequired')
  .min(3, 'validation.usernameTooShort')
  .max(20, 'validation.usernameTooLong')
  .regex(/^[A-Za-z0-9_]+$/, 'validation.usernameCharacters');

const CountryCode = z
  .string('validation.countryRequired')
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'validation.countryRequired')
  .transform((c) => c.toUpperCase());

const CookieConsent = z.object({
  necessary: z.literal(true).default(true),
  analytics: z.boolean().default(false),
  marketing: z.boolean().default(false),
});

/** Accepting the terms (complete-account overlay, consent page). */
export const AcceptTermsRequest = z.object({
  username: Username,
  countryCode: CountryCode,
  ageConfirmed: z.literal(true, { error: 'validation.ageRequired' }),
  tosAccepted: z.literal(true, { error: 'validation.tosRequired' }),
  marketingConsent: z.boolean().default(false),
  cookieConsent: CookieConsent.optional(),
  locale: Text(20).optional(),
});
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequest>;

const Consent = z.object({
  tosAccepted: z.boolean(),
  tosVersion: z.string().nullable(),
  tosTimestamp: z.string().nullable(),
  currentTosVersion: z.string(),
});

const Profile = z.object({
  username: z.string().nullable(),
  countryCode: z.string().nullable(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  planSelectionCompleted: z.boolean(),
  language: z.enum(LANGUAGE_CODES).nullable(),
  currency: z.enum(CURRENCY_CODES).nullable(),
  theme: z.enum(THEMES).nullable(),
  animations: z.boolean().nullable(),
  marketplace: z.enum(MARKETPLACE_IDS).nullable(),
  priceType: z.enum(PRICE_TYPES).nullable(),
  /** E-mail when a price alert fires (on unless turned off). */
  alertEmails: z.boolean(),
  /** E-mail when someone follows the user or comments on their deck or binder (on unless turned off). */
  communityEmails: z.boolean(),
});
type Profile = z.infer<typeof Profile>;

export const MeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    /** Where to load the avatar from: our own origin (an upload, or another site's picture fetched by the server). */
    avatarImage: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    emailConfirmed: z.boolean(),
    /** When the account was made (ISO 8601): the house promotion waits for the account's second week. */
    createdAt: z.string(),
  }),
  profile: Profile,
  consent: Consent,
});
export type MeResponse = z.infer<typeof MeResponse>;

export const UsernameAvailabilityQuery = z.object({ name: Username });
export const UsernameAvailabilityResponse = z.object({ available: z.boolean() });
export type UsernameAvailabilityResponse = z.infer<typeof UsernameAvailabilityResponse>;

const LEGAL_DOC_TYPES = ['terms_of_service', 'privacy_policy'] as const;
export const LegalVersionQuery = z.object({ doc: z.enum(LEGAL_DOC_TYPES) });
export const LegalVersionResponse = z.object({ doc: z.enum(LEGAL_DOC_TYPES), version: z.string() });

const DisplayName = Text(50, { tooLong: 'validation.displayNameTooLong' });
const Bio = Text(500, { tooLong: 'validation.bioTooLong', trim: false });

/** Every field a user can change on their profile and saved preferences. */
const ProfileFields = z.object({
  displayName: DisplayName.nullable(),
  bio: Bio.nullable(),
  avatarUrl: ImageUrl.nullable(),
  countryCode: CountryCode,
  language: z.enum(LANGUAGE_CODES),
  currency: z.enum(CURRENCY_CODES),
  theme: z.enum(THEMES),
  animations: z.boolean(),
  marketplace: z.enum(MARKETPLACE_IDS),
  priceType: z.enum(PRICE_TYPES),
  alertEmails: z.boolean(),
  communityEmails: z.boolean(),
});

/** Profile changes from Settings → Account and Preferences; only the fields sent are changed. */
export const UpdateProfileRequest = ProfileFields.partial().refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** The profile form of Settings → Account: empty text means "none". */
export const ProfileForm = z.object({
  displayName: DisplayName,
  bio: Bio,
  avatarUrl: z.union([z.literal(''), ImageUrl]),
  countryCode: CountryCode,
});
export type ProfileForm = z.infer<typeof ProfileForm>;

/** Deleting the account needs the user to type their e-mail address. */
export const DeleteAccountRequest = z.object({ confirmation: Text(255, { tooLong: 'validation.deleteConfirmation' }).min(1, 'validation.deleteConfirmation') });

const ROLES = ['user', 'admin'] as const;

export const AdminUsersQuery = z.object({
  q: Text(100).optional(),
  page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10000).default(1)),
  pageSize: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(25)),
});

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable().describe('The profile\'s display name: what the app calls the user, with the user name'),
  role: z.enum(ROLES),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
  plan: z.enum(PLAN_IDS).describe('The plan in effect (subscription or complimentary, the higher)'),
  complimentaryPlan: z.enum(PLAN_IDS).nullable().describe('A plan an admin granted, or null'),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserListResponse = z.object({
  items: z.array(AdminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

export const ChangeRoleRequest = z.object({ role: z.enum(ROLES) });
export const UserIdParam = z.object({ id: Text(100, { trim: false }).min(1) });

/** How this server lets people sign in: e-mail and password always, outside providers when configured. */
export const AUTH_PROVIDERS = ['google', 'facebook', 'oidc'] as const;
export const AuthOptionsResponse = z.object({
  enabled: z.boolean(),
  providers: z.array(z.object({ id: z.enum(AUTH_PROVIDERS), name: z.string().describe('Label of the sign-in button') })),
});
export type AuthOptionsResponse = z.infer<typeof AuthOptionsResponse>;

/** The visitor's session: the same as /api/me when signed in, null otherwise (never a 401), and the sign-in options. */
export const SessionResponse = z.object({ session: MeResponse.nullable(), auth: AuthOptionsResponse });
export type SessionResponse = z.infer<typeof SessionResponse>;
