import { z } from 'zod';

/**
 * Public profiles and follows (issue 18). A profile is addressed by its user name; the profile schema allows 3 to 30
 * letters, digits, underscores and dashes (spec §5). Nothing here ever carries an e-mail address.
 */
export const ProfileUsernameParam = z.object({
  // The profile schema's user name (spec: 3 to 30 letters, digits, underscore and dash); one message names the rule.
  username: z
    .string()
    .min(3, 'validation.profileUsername')
    .max(30, 'validation.profileUsername')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.profileUsername'),
});

/** Followers and following lists: newest follow first, 30 a page by default. */
const FOLLOW_PAGE_SIZE = 30;

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

/**
 * Badges (issue 18), each earned by one documented rule over facts the profile already has; computed when the profile
 * is read, so they follow every change at once (a card sold, a deck made private, a ban that makes a deck invalid).
 * - Collector: the Personal binders together hold at least 100 cards (copies counted).
 * - Deck Builder: at least 3 public decks that are valid today (format rules and the ban list of the day).
 */
export const BADGE_RULES = {
  collector: { threshold: 100 },
  deck_builder: { threshold: 3 },
} as const;
const BADGE_IDS = ['collector', 'deck_builder'] as const;

export const ProfileBadge = z.object({
  id: z.enum(BADGE_IDS),
  earned: z.boolean(),
  /** The fact the rule counts (cards in Personal binders, valid public decks), capped at nothing. */
  progress: z.number().int(),
  threshold: z.number().int(),
});
export type ProfileBadge = z.infer<typeof ProfileBadge>;

const ACTIVITY_KINDS = ['deck_published', 'binder_shared', 'comment_posted'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A deck as profiles and feeds show it. */
const ActivityDeck = z.object({
  id: z.string(),
  name: z.string(),
  format: z.string(),
  leader: z.object({ id: z.number().int(), number: z.string(), name: z.string(), colors: z.array(z.string()) }).nullable(),
});
const ActivityBinder = z.object({ id: z.string(), name: z.string(), category: z.string() });

/** One thing a user did that others may see; the item it is about is public now (else it is left out). */
export const ActivityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  createdAt: z.string(),
  actor: ProfileSummary,
  deck: ActivityDeck.nullable(),
  binder: ActivityBinder.nullable(),
  /** A posted comment: its start (at most 140 characters) and id; the item it is on is in `deck` or `binder`. */
  comment: z.object({ id: z.string(), excerpt: z.string() }).nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ProfileDeck = ActivityDeck.extend({ valid: z.boolean(), mainCount: z.number().int(), updatedAt: z.string() });
export type ProfileDeck = z.infer<typeof ProfileDeck>;
export const ProfileBinder = ActivityBinder.extend({ cardCount: z.number().int(), coverCardId: z.number().int().nullable(), updatedAt: z.string() });
export type ProfileBinder = z.infer<typeof ProfileBinder>;

/** How many items a profile lists at most (the newest); the counts are complete. */
export const PROFILE_LIST_LIMIT = 24;
export const PROFILE_ACTIVITY_LIMIT = 10;

/** GET /api/profiles/{username}: public fields only, never an e-mail address. */
export const PublicProfileResponse = ProfileSummary.extend({
  bio: z.string().nullable(),
  memberSince: z.string(),
  counts: z.object({
    followers: z.number().int(),
    following: z.number().int(),
    publicDecks: z.number().int(),
    publicBinders: z.number().int(),
  }),
  badges: z.array(ProfileBadge),
  /** Public decks the owner shows on the profile, most recently changed first (at most PROFILE_LIST_LIMIT). */
  decks: z.array(ProfileDeck),
  /** Public binders the owner shows on the profile, most recently changed first (at most PROFILE_LIST_LIMIT). */
  binders: z.array(ProfileBinder),
  recentActivity: z.array(ActivityItem),
  /** What the signed-in reader is to this profile (both false signed out). */
  viewer: z.object({ isSelf: z.boolean(), following: z.boolean() }),
});
export type PublicProfileResponse = z.infer<typeof PublicProfileResponse>;

const FEED_PAGE_SIZE = 20;
export const FeedQuery = FollowListQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(FEED_PAGE_SIZE) });
/** GET /api/feed: what the people the signed-in user follows did, newest first, in keyset pages. */
export const FeedResponse = z.object({ items: z.array(ActivityItem), nextCursor: z.string().nullable() });
export type FeedResponse = z.infer<typeof FeedResponse>;
