import { z } from 'zod';

/**
 * Public profiles and follows (issue 18). A profile is addressed by its user name; the profile schema allows 3 to 30
 * letters, digits, underscores and dashes (spec §5). Nothing here ever carries an e-mail address.
 */
export const ProfileUsernameParam = z.object({
  username: z
    .string()
    .min(1, 'validation.usernameRequired')
    .max(30, 'validation.usernameTooLong')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.usernameCharacters'),
});

/** Followers and following lists: newest follow first, 30 a page by default. */
export const FOLLOW_PAGE_SIZE = 30;

export const FollowListQuery = z.object({
  /** Opaque keyset cursor from the previous page's `nextCursor`. */
  cursor: z
    .string()
    .max(200, 'validation.invalidCursor')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidCursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(FOLLOW_PAGE_SIZE),
});

/** A user as lists of people show them: public fields only. */
export const ProfileSummary = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

export const FollowListResponse = z.object({
  items: z.array(ProfileSummary.extend({ followedAt: z.string() })),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type FollowListResponse = z.infer<typeof FollowListResponse>;

/** The answer of follow and unfollow: the state now (both are idempotent). */
export const FollowStateResponse = z.object({
  following: z.boolean(),
  followers: z.number().int(),
});
export type FollowStateResponse = z.infer<typeof FollowStateResponse>;
