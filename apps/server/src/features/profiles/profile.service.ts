import {
  BADGE_RULES,
  PROFILE_ACTIVITY_LIMIT,
  PROFILE_LIST_LIMIT,
  type ActivityItem,
  type ActivityKind,
  type FeedResponse,
  type ProfileBadge,
  type PublicProfileResponse,
} from '@grandline/core/contracts/profiles';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../db/ownership';
import { activities, binders, comments, decks, follows, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { listBinders } from '../binders/binders.service';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { listDecks } from '../decks/decks.service';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { avatarImage, avatarLinkOf } from './avatar.service';
import { followCount } from './follows.service';

/** How much of a comment an activity item quotes. */
const EXCERPT_LENGTH = 140;

const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text);

/**
 * Activity rows whose item is public now. A deck or binder the owner hides from their profile keeps its comments in the
 * activity but not its "published" line.
 */
const visibleNow = sql`(${activities.deckId} is null or (${decks.isPublic} and (${activities.kind} <> 'deck_published' or ${decks.showOnProfile})))
  and (${activities.binderId} is null or (${binders.isPublic} and (${activities.kind} <> 'binder_shared' or ${binders.showOnProfile})))`;

/** Activities matching `where` and visible now, newest first, with what they are about: one query. */
async function activityRows(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: activities.id,
      kind: activities.kind,
      createdAt: activities.createdAt,
      actorId: activities.userId,
      username: sql<string>`${profiles.username}`,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      countryCode: profiles.countryCode,
      deckId: decks.id,
      deckName: decks.name,
      deckFormat: decks.format,
      leaderCardId: decks.leaderCardId,
      binderId: binders.id,
      binderName: binders.name,
      binderCategory: binders.category,
      commentId: comments.id,
      commentText: comments.text,
    })
    .from(activities)
    .innerJoin(profiles, eq(profiles.id, activities.userId))
    .leftJoin(decks, eq(decks.id, activities.deckId))
    .leftJoin(binders, eq(binders.id, activities.binderId))
    .leftJoin(comments, eq(comments.id, activities.commentId))
    .where(and(where, visibleNow, sql`${profiles.username} is not null`))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}

type ActivityRow = Awaited<ReturnType<typeof activityRows>>[number];

/** A deck's leader as profiles and activities show it. */
const leaderOf = (card: { id: number; cardNumber: string; name: string; colors: string[] }) => ({ id: card.id, number: card.cardNumber, name: card.name, colors: card.colors });

function activityItem(row: ActivityRow, index: CatalogueIndex): ActivityItem {
  const leader = row.leaderCardId ? index.byId.get(row.leaderCardId) : undefined;
  return {
    id: String(row.id),
    kind: row.kind as ActivityKind,
    createdAt: row.createdAt.toISOString(),
    actor: { username: row.username, displayName: row.displayName, avatarUrl: avatarImage(row.actorId, row.avatarUrl), countryCode: row.countryCode },
    deck: row.deckId
      ? { id: row.deckId, name: row.deckName!, format: row.deckFormat!, leader: leader ? leaderOf(leader) : null }
      : null,
    binder: row.binderId ? { id: row.binderId, name: row.binderName!, category: row.binderCategory! } : null,
    comment: row.commentId ? { id: row.commentId, excerpt: excerpt(row.commentText!) } : null,
  };
}

/** The badges of a user, each by its rule over facts read now (BADGE_RULES in @grandline/core/contracts/profiles). */
function badgesOf({ personalCards, validPublicDecks }: { personalCards: number; validPublicDecks: number }): ProfileBadge[] {
  const badge = (id: keyof typeof BADGE_RULES, progress: number): ProfileBadge => ({ id, progress, threshold: BADGE_RULES[id].threshold, earned: progress >= BADGE_RULES[id].threshold });
  return [badge('collector', personalCards), badge('deck_builder', validPublicDecks)];
}

/** GET /api/profiles/{username}: what anyone may see of a user; never their e-mail address or a private item. */
export async function publicProfile({ db, viewer, username }: { db: Db; viewer: Viewer; username: string }): Promise<PublicProfileResponse> {
  const [profile] = await db
    .select({
      id: profiles.id,
      username: sql<string>`${profiles.username}`,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      countryCode: profiles.countryCode,
      bio: profiles.bio,
      image: users.image,
      memberSince: users.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  if (!profile) throw new AppError('PROFILE_NOT_FOUND', 404, 'No user has this profile name');
  const owner = { id: profile.id };
  const [index, publicDecks, ownBinders, followers, following, viewerFollows, recent] = await Promise.all([
    catalogueIndex(db),
    listDecks({ db, user: owner, publicOnly: true }),
    listBinders({ db, user: owner }),
    followCount(db, eq(follows.followeeId, profile.id)),
    followCount(db, eq(follows.followerId, profile.id)),
    viewer && viewer.id !== profile.id ? followCount(db, and(eq(follows.followerId, viewer.id), eq(follows.followeeId, profile.id))!) : Promise.resolve(0),
    activityRows(db, eq(activities.userId, profile.id), PROFILE_ACTIVITY_LIMIT),
  ]);
  const publicBinders = ownBinders.filter((b) => b.isPublic);
  const personalCards = ownBinders.filter((b) => b.category === 'personal').reduce((sum, b) => sum + b.cardCount, 0);
  return {
    username: profile.username,
    displayName: profile.displayName,
    // From our origin; without a picture of their own, the sign-in provider's (avatar.service.ts avatarImage).
    avatarUrl: avatarImage(profile.id, avatarLinkOf(profile.avatarUrl, profile.image)),
    countryCode: profile.countryCode,
    bio: profile.bio,
    memberSince: profile.memberSince.toISOString(),
    counts: { followers, following, publicDecks: publicDecks.length, publicBinders: publicBinders.length },
    badges: badgesOf({ personalCards, validPublicDecks: publicDecks.filter((d) => d.valid).length }),
    decks: publicDecks
      .filter((d) => d.showOnProfile)
      .slice(0, PROFILE_LIST_LIMIT)
      .map((d) => ({
        id: d.id,
        name: d.name,
        format: d.format,
        leader: d.leader ? leaderOf(d.leader) : null,
        valid: d.valid,
        mainCount: d.mainCount,
        updatedAt: d.updatedAt,
      })),
    binders: publicBinders
      .filter((b) => b.showOnProfile)
      .slice(0, PROFILE_LIST_LIMIT)
      .map((b) => ({ id: b.id, name: b.name, category: b.category, cardCount: b.cardCount, coverCardId: b.preview?.id ?? null, updatedAt: b.updatedAt })),
    recentActivity: recent.map((r) => activityItem(r, index)),
    viewer: { isSelf: viewer?.id === profile.id, following: viewerFollows > 0 },
  };
}

/**
 * GET /api/feed: the activity of the people the signed-in user follows, newest first, by keyset over (time, id) — a
 * page costs the same however deep it is. Items made private since leave the feed at once.
 */
export async function feed({ db, user, cursor, limit }: { db: Db; user: { id: string }; cursor?: string; limit: number }): Promise<FeedResponse> {
  const after = cursor ? decodeCursor(cursor) : null;
  const afterId = after ? Number(after.id) : 0;
  if (after && !Number.isSafeInteger(afterId)) throw new AppError('VALIDATION_ERROR', 400, 'Invalid page cursor', [{ path: 'cursor', message: 'Invalid page cursor' }]);
  const followees = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, user.id));
  const [index, rows] = await Promise.all([
    catalogueIndex(db),
    activityRows(
      db,
      and(inArray(activities.userId, followees), after ? or(lt(activities.createdAt, after.at), and(eq(activities.createdAt, after.at), lt(activities.id, afterId))) : undefined),
      limit + 1,
    ),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => activityItem(r, index)),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: String(last.id) }) : null,
  };
}
