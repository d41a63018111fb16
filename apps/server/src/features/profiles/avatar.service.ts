import { createHash } from 'node:crypto';
import { UPLOADED_AVATAR_PATH } from '@grandline/core/contracts/common';
import { messageText } from '@grandline/core/contracts/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { ObjectStore } from '../../lib/object-store';
import { fetchPublic, PublicFetchError } from '../../lib/public-fetch';
import { safeImage } from '../auth/auth-input';

/** Largest picture a user may send (before it is made small). */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are kept square, this many pixels wide: twice the largest size the app draws them at. */
const AVATAR_SIZE = 256;
/** A picture of more pixels than this is refused before it is decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

const invalid = () => new AppError('VALIDATION_ERROR', 400, messageText('validation.avatarInvalid'), [{ path: 'avatar', message: messageText('validation.avatarInvalid') }]);

/** Where a user's avatar is served: `/img/avatars/{userId}/{hash}.webp` (a new picture, a new address). */
const avatarPath = (userId: string, hash: string) => `/img/avatars/${userId}/${hash}.webp`;
export const avatarKey = (userId: string, hash: string) => `avatars/${userId}/${hash}.webp`;

/**
 * The picture as the avatar we keep: turned upright (EXIF), cut to a centred square of AVATAR_SIZE, WebP, with no
 * metadata (no location from a phone photo survives). Anything sharp cannot read as an image is a 400.
 */
async function avatarWebp(input: Buffer): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 413, messageText('validation.avatarTooLarge'), undefined, { limit: AVATAR_MAX_BYTES });
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    throw invalid();
  }
}

/** Makes the picture the user's avatar: stored (disk or bucket) under a name from its content, then set on the profile. */
export async function setAvatar({ db, store, user, bytes }: { db: Db; store: ObjectStore; user: { id: string }; bytes: Buffer }): Promise<string> {
  const webp = await avatarWebp(bytes);
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
  await store.put(avatarKey(user.id, hash), webp, 'image/webp');
  const url = avatarPath(user.id, hash);
  await db.update(profiles).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(profiles.id, user.id));
  return url;
}

export async function removeAvatar({ db, user }: { db: Db; user: { id: string } }): Promise<void> {
  await db.update(profiles).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(profiles.id, user.id));
}

/** The part of a linked avatar's address that names the link: the same link, the same file. */
const linkHash = (link: string) => createHash('sha256').update(link).digest('hex').slice(0, 16);
const linkedKey = (userId: string, hash: string) => `avatars/link/${userId}/${hash}.webp`;

/** The picture a user shows: the one their profile names, else the sign-in provider's (when it is a safe address). */
export const avatarLinkOf = (profileLink: string | null | undefined, userImage: string | null | undefined): string | null => profileLink ?? safeImage(userImage);

/**
 * Where the browser loads a user's avatar from: always our own origin. An uploaded picture is already ours; a link to
 * another site (set in the profile, or the sign-in provider's picture) is fetched by the server once, made a WebP like
 * an upload and served from `/img/avatars/link/{userId}/{hash}.webp` — so `img-src 'self'` holds, and no other site
 * learns who looks at a profile.
 */
export function avatarImage(userId: string, avatarUrl: string | null | undefined): string | null {
  if (!avatarUrl) return null;
  if (UPLOADED_AVATAR_PATH.test(avatarUrl)) return avatarUrl;
  return `/img/avatars/link/${userId}/${linkHash(avatarUrl)}.webp`;
}

/** The stored file of the avatar a user shows now (their upload, or our copy of a linked picture), or null. */
async function shownAvatarKey(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ link: profiles.avatarUrl, image: users.image }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId)).limit(1);
  const link = avatarLinkOf(row?.link, row?.image);
  if (!link) return null;
  return UPLOADED_AVATAR_PATH.test(link) ? link.slice('/img/'.length) : linkedKey(userId, linkHash(link));
}

/**
 * Runs a change of what a user shows as their avatar (a new upload, its removal, a new link, the account's deletion),
 * then deletes the stored file of the picture they showed before and no longer show. A file that cannot be deleted is
 * only disk space: it is logged, and the change stands.
 */
export async function withAvatarCleanup<T>({ db, store, userId, log }: { db: Db; store: ObjectStore; userId: string; log: Logger }, change: () => Promise<T>): Promise<T> {
  const before = await shownAvatarKey(db, userId);
  const result = await change();
  if (before && before !== (await shownAvatarKey(db, userId))) {
    await store.delete(before).catch((err: unknown) => log.warn({ err, key: before }, 'an old avatar file was not deleted'));
  }
  return result;
}

/** Links that could not be fetched lately: not asked again for a while (a dead host must not slow every page). */
const failures = new Map<string, number>();
const FAILURE_PAUSE_MS = 10 * 60_000;
const MAX_REMEMBERED_FAILURES = 10_000;
const inFlight = new Map<string, Promise<Buffer | null>>();

export interface LinkedAvatarOptions {
  timeoutMs: number;
  /** Tests only: a local stand-in server on loopback. */
  allowLoopback?: boolean;
}

/**
 * The avatar a user links to, as our WebP: kept in the store after the first fetch. Only the user's current link is
 * ever fetched (the hash must match it), only from a public address (lib/public-fetch.ts); null when there is none or
 * it cannot be had.
 */
export async function linkedAvatar({ db, store, userId, hash, options }: { db: Db; store: ObjectStore; userId: string; hash: string; options: LinkedAvatarOptions }): Promise<Buffer | null> {
  const key = linkedKey(userId, hash);
  const kept = await store.get(key);
  if (kept) return kept;
  const failedAt = failures.get(key);
  if (failedAt && Date.now() - failedAt < FAILURE_PAUSE_MS) return null;
  const pending = inFlight.get(key);
  if (pending) return pending;
  const work = (async () => {
    const [row] = await db.select({ link: profiles.avatarUrl, image: users.image }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId)).limit(1);
    const link = avatarLinkOf(row?.link, row?.image);
    if (!link || UPLOADED_AVATAR_PATH.test(link) || linkHash(link) !== hash) return null;
    try {
      const { body } = await fetchPublic(link, { timeoutMs: options.timeoutMs, maxBytes: AVATAR_MAX_BYTES, allowLoopback: options.allowLoopback });
      const webp = await avatarWebp(body);
      await store.put(key, webp, 'image/webp');
      failures.delete(key);
      return webp;
    } catch (err) {
      if (!(err instanceof PublicFetchError) && !(err instanceof AppError)) throw err;
      if (failures.size >= MAX_REMEMBERED_FAILURES) failures.clear();
      failures.set(key, Date.now());
      return null;
    }
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
