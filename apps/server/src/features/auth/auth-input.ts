import { Email } from '@grandline/core/contracts/auth';
import { ImageUrl, isSafeImageUrl, isStorableText, MAX_TEXT_LENGTH } from '@grandline/core/contracts/common';
import { messageText } from '@grandline/core/contracts/messages';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { errorBody } from '../../lib/errors';

/*
 * The auth library's endpoints (/api/auth/*) do not go through our contracts, and some of their inputs reach
 * the database or a URL builder unchecked: a NUL character or a 1 MB e-mail became a 500, `name: null` broke a
 * NOT NULL column, a `javascript:` picture was stored. This guard checks what users send there (JSON or form
 * body, query string) before the library sees it and answers like our own routes: 400 VALIDATION_ERROR.
 */

/** Longest text of any other field (tokens, ID tokens, provider names…). */
const MAX_AUTH_TEXT = 8192;

const Name = z.string('validation.nameRequired').max(100, 'validation.nameTooLong');

/** Where the library sends the browser afterwards: a path of this site, or an absolute http(s) address (the library checks its origin). */
const ReturnUrl = z
  .string('validation.callbackUrlInvalid')
  .max(MAX_TEXT_LENGTH, 'validation.callbackUrlInvalid')
  .refine((value) => {
    if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'validation.callbackUrlInvalid');

const Secret = z.string().max(128, 'validation.passwordTooLong');

/** Fields with a rule of their own, wherever they appear at the top level of an auth request. */
const FIELD_RULES: Record<string, z.ZodType> = {
  email: Email,
  newEmail: Email,
  name: Name,
  image: ImageUrl.nullable(),
  callbackURL: ReturnUrl,
  redirectTo: ReturnUrl,
  errorCallbackURL: ReturnUrl,
  newUserCallbackURL: ReturnUrl,
  password: Secret,
  currentPassword: Secret,
  newPassword: Secret,
};

/** A user's picture as stored: a safe image address, else none (pictures from outside providers go through here). */
export const safeImage = (image: string | null | undefined) => (image && isSafeImageUrl(image) ? image : null);

type Issue = { path: string; message: string };

/** Every string in a value: no NUL, no lone surrogate, bounded (objects and arrays walked, a few levels deep). */
function checkStrings(value: unknown, path: string, issues: Issue[], depth = 0) {
  if (typeof value === 'string') {
    if (!isStorableText(value)) issues.push({ path, message: messageText('validation.invalidCharacters') });
    else if (value.length > MAX_AUTH_TEXT) issues.push({ path, message: messageText('validation.textTooLong') });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= 8) {
    issues.push({ path, message: messageText('validation.textTooLong') });
    return;
  }
  for (const [key, item] of Object.entries(value)) checkStrings(item, path ? `${path}.${key}` : key, issues, depth + 1);
}

/** The problems of an auth request's input (body fields and query parameters); empty when it may go on. */
function authInputIssues(input: [string, unknown][]): Issue[] {
  const issues: Issue[] = [];
  for (const [key, value] of input) {
    const rule = Object.hasOwn(FIELD_RULES, key) ? FIELD_RULES[key] : undefined;
    const before = issues.length;
    checkStrings(value, key, issues);
    if (issues.length > before || !rule || value === undefined) continue;
    const parsed = rule.safeParse(value);
    if (!parsed.success) issues.push({ path: key, message: messageText(parsed.error.issues[0]?.message ?? 'validation.textTooLong') });
  }
  return issues;
}

async function bodyOf(request: Request): Promise<unknown> {
  if (!request.body || request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  try {
    if (/^application\/([\w.+-]*\+)?json/.test(type)) return await request.clone().json();
    if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.clone().text()));
  } catch {
    // Not JSON: the library answers that itself (400).
  }
  return undefined;
}

/** In front of the auth handler: 400 VALIDATION_ERROR for input the library would store or use unchecked. */
export const authInputGuard = createMiddleware<AppEnv>(async (c, next) => {
  // Entries, not an object: a body key such as __proto__ is checked like any other.
  const url = new URL(c.req.url);
  const input: [string, unknown][] = [...new Set(url.searchParams.keys())].map((key) => {
    const values = url.searchParams.getAll(key);
    return [key, values.length === 1 ? values[0] : values];
  });
  const body = await bodyOf(c.req.raw);
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) input.push(...Object.entries(body));
  const issues = authInputIssues(input);
  const first = issues[0];
  if (first) {
    return c.json(errorBody('VALIDATION_ERROR', `Invalid parameter "${first.path}": ${first.message}`, { issues }), 400);
  }
  await next();
});
