import { z } from 'zod';

/*
 * Building blocks every contract uses for what users send, so that nothing they send can fail in the database
 * (a 500) instead of being refused at the edge (a 400 with a message):
 * - text has a maximum length, no NUL character (PostgreSQL refuses NUL in text: error 22021) and no lone surrogate;
 * - ids of integer columns stay within PostgreSQL's integer (1 … 2^31 − 1);
 * - image addresses are https (http only for this machine), never javascript: or data:.
 */

/** The largest value of a PostgreSQL integer column (serial ids of cards, binder rows…). */
export const INT32_MAX = 2_147_483_647;

/** Longest text accepted where no tighter limit applies (a URL, a token, a search). */
export const MAX_TEXT_LENGTH = 2048;

/**
 * Whether a text can be stored as it was sent: no NUL character (PostgreSQL refuses it) and no lone surrogate
 * (half of a UTF-16 pair: it has no UTF-8 form and would silently become U+FFFD).
 */
export function isStorableText(value: string): boolean {
  if (value.includes('\u0000')) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/**
 * Text a user sends: at most `max` characters, no NUL. Trimmed unless `trim: false` (then spaces count).
 * Chain `.min(1, key)` for required text, `.regex()` for a shape; `notText` is the message when it is missing or not text.
 */
export const Text = (max: number, { tooLong = 'validation.textTooLong', trim = true, notText }: { tooLong?: string; trim?: boolean; notText?: string } = {}) => {
  const text = z.string(notText).refine(isStorableText, 'validation.invalidCharacters');
  return (trim ? text.trim() : text).max(max, tooLong);
};

/** An id of an integer column in a JSON body: a whole number from 1 to 2^31 − 1. */
export const IntId = (message = 'validation.invalidId') => z.number(message).int(message).min(1, message).max(INT32_MAX, message);

/** An id of an integer column in a path or query: the same range, read from text. */
export const IntIdParam = (message = 'validation.invalidId') => z.coerce.number(message).int(message).min(1, message).max(INT32_MAX, message);

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** An image address the app may show: https, or http on this machine (development); never javascript:, data: or file:. */
/** An avatar the server made from an upload (apps/server features/profiles/avatar.service.ts): our own address. */
export const UPLOADED_AVATAR_PATH = /^\/img\/avatars\/[A-Za-z0-9_-]{1,64}\/[0-9a-f]{16}\.webp$/;

export function isSafeImageUrl(value: string): boolean {
  if (value.length > MAX_TEXT_LENGTH || !isStorableText(value)) return false;
  if (UPLOADED_AVATAR_PATH.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

/** An image address (avatar, profile picture): 'Invalid image URL' otherwise (spec §5). */
export const ImageUrl = z
  .string('validation.imageUrlInvalid')
  .trim()
  .max(MAX_TEXT_LENGTH, 'validation.imageUrlInvalid')
  .refine(isSafeImageUrl, 'validation.imageUrlInvalid');

/** A valid https address (no other scheme, a host, no user or password in it). */
function isHttpsUrl(value: string): boolean {
  if (value.length > MAX_TEXT_LENGTH || !isStorableText(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** An image on another site that the server fetches (a print's art): https only, 'Invalid image URL' otherwise (spec §5). */
export const HttpsImageUrl = z
  .string('validation.imageUrlInvalid')
  .trim()
  .max(MAX_TEXT_LENGTH, 'validation.imageUrlInvalid')
  .refine(isHttpsUrl, 'validation.imageUrlInvalid');

/**
 * A query parameter holding one or several values: `?color=Red,Green` or `?color=Red&color=Green`.
 * Empty parts are dropped; an empty list means "no filter".
 */
export const multiValue = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    return parts.length ? parts : undefined;
  }, z.array(item).max(50).optional());

/** A non-negative integer query parameter (at most `max`, which stays within int32). */
export const intParam = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(max).optional(),
  );

export const booleanParam = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  return v;
}, z.boolean().optional());

export const Paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
