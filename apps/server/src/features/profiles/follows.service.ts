import type { FollowListResponse, FollowStateResponse, ProfileSummary } from '@grandline/core/contracts/profiles';
import { and, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows, profiles } from '../../db/schema/index';
import type { SessionUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { enforceRateLimit } from '../../lib/rate-limit';
import { avatarImage } from './avatar.service';
import { channelsOf, deliverCommunity, recordFollowed, type CommunityDeps } from '../notifications/community.service';

/** Follows and unfollows one user may make per window (spec: rate-limited). */
const FOLLOW_MAX = 60;
const FOLLOW_WINDOW_SECONDS = 60 * 60;

interface ProfileRow extends ProfileSummary {
  id: string;
}

const summaryColumns = {
  id: profiles.id,
  username: sql<string>`${profiles.username}`,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  countryCode: profiles.countryCode,
};

/** The profile with this user name (any letter case), or PROFILE_NOT_FOUND. */
async function profileByUsername(db: Db, username: string): Promise<ProfileRow> {
  const [row] = await db
    .select(summaryColumns)
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  if (!row) throw new AppError('PROFILE_NOT_FOUND', 404, 'No user has this profile name');
  return row;
}

/** How many follow rows match `where` (a user's followers, whom they follow, or one viewer → user pair). */
export async function followCount(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(where);
  return row?.n ?? 0;
}

const followerCount = (db: Db, userId: string) => followCount(db, eq(follows.followeeId, userId));

/**
 * The user a follow or unfollow is about: their profile by user name, never the signed-in user (400), within the
 * signed-in user's hourly allowance (429).
 */
async function followTarget(db: Db, user: SessionUser, username: string): Promise<ProfileRow> {
  const target = await profileByUsername(db, username);
  if (target.id === user.id) throw new AppError('CANNOT_FOLLOW_SELF', 400, 'You cannot follow yourself');
  await enforceRateLimit(db, `follow:${user.id}`, FOLLOW_MAX, FOLLOW_WINDOW_SECONDS);
  return target;
}

/**
 * PUT /api/profiles/{username}/follow: idempotent; following oneself is a 400. A new follow tells the followed user
 * ("X followed you", written with it: features/notifications), unless the same follow was told within a day.
 */
export async function follow({ db, user, username, notify }: { db: Db; user: SessionUser; username: string; notify?: CommunityDeps }): Promise<FollowStateResponse> {
  const target = await followTarget(db, user, username);
  const told = await db.transaction(async (tx) => {
    const created = await tx.insert(follows).values({ followerId: user.id, followeeId: target.id }).onConflictDoNothing().returning({ at: follows.createdAt });
    return created.length > 0 && (await recordFollowed(tx, { followerId: user.id, followeeId: target.id, channels: channelsOf(notify) }));
  });
  if (told && notify) await deliverCommunity(notify, [target.id]);
  return { following: true, followers: await followerCount(db, target.id) };
}

/** DELETE /api/profiles/{username}/follow: idempotent (not following is no error). */
export async function unfollow({ db, user, username }: { db: Db; user: SessionUser; username: string }): Promise<FollowStateResponse> {
  const target = await followTarget(db, user, username);
  await db.delete(follows).where(and(eq(follows.followerId, user.id), eq(follows.followeeId, target.id)));
  return { following: false, followers: await followerCount(db, target.id) };
}

/**
 * A page of a user's followers (`side` followers) or of whom they follow (`side` following), newest follow first,
 * by keyset (the cursor is the last row's time and user id): a page costs the same however deep it is.
 */
export async function followList({ db, username, side, cursor, limit }: { db: Db; username: string; side: 'followers' | 'following'; cursor?: string; limit: number }): Promise<FollowListResponse> {
  const target = await profileByUsername(db, username);
  const after = cursor ? decodeCursor(cursor) : null;
  // Followers: rows where the target is followed, showing the follower; following: the other way round.
  const own = side === 'followers' ? follows.followeeId : follows.followerId;
  const other = side === 'followers' ? follows.followerId : follows.followeeId;
  const rows = await db
    .select({ ...summaryColumns, followedAt: follows.createdAt, otherId: other })
    .from(follows)
    .innerJoin(profiles, eq(profiles.id, other))
    .where(and(eq(own, target.id), after ? or(lt(follows.createdAt, after.at), and(eq(follows.createdAt, after.at), lt(other, after.id))) : undefined))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ username: r.username, displayName: r.displayName, avatarUrl: avatarImage(r.otherId, r.avatarUrl), countryCode: r.countryCode, followedAt: r.followedAt.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.followedAt, id: last.otherId }) : null,
  };
}
