import { createHash } from 'node:crypto';
import { messageText } from '@grandline/core/contracts/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { ObjectStore } from '../../lib/object-store';

/** Largest picture a user may send (before it is made small). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are kept square, this many pixels wide: twice the largest size the app draws them at. */
export const AVATAR_SIZE = 256;
/** A picture of more pixels than this is refused before it is decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

const invalid = () => new AppError('VALIDATION_ERROR', 400, messageText('validation.avatarInvalid'), [{ path: 'avatar', message: messageText('validation.avatarInvalid') }]);

/** Where a user's avatar is served: `/img/avatars/{userId}/{hash}.webp` (a new picture, a new address). */
export const avatarPath = (userId: string, hash: string) => `/img/avatars/${userId}/${hash}.webp`;
export const avatarKey = (userId: string, hash: string) => `avatars/${userId}/${hash}.webp`;

/**
 * The picture as the avatar we keep: turned upright (EXIF), cut to a centred square of AVATAR_SIZE, WebP, with no
 * metadata (no location from a phone photo survives). Anything sharp cannot read as an image is a 400.
 */
export async function avatarWebp(input: Buffer): Promise<Buffer> {
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
