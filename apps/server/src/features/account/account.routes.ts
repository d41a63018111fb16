import { createRoute } from '@hono/zod-openapi';
import {
  AcceptTermsRequest,
  AUTH_PROVIDERS,
  AuthOptionsResponse,
  SessionResponse,
  DeleteAccountRequest,
  UpdateProfileRequest,
  LegalVersionQuery,
  LegalVersionResponse,
  MeResponse,
  UsernameAvailabilityQuery,
  UsernameAvailabilityResponse,
} from '@grandline/core/contracts/account';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { configuredProviders, providerName } from '../auth/auth';
import { requireAcceptedTerms, requireUser, resolveSession, sessionUser } from '../../lib/auth-gate';
import type { AppEnv, AuthService } from '../../lib/context';
import type { Context } from 'hono';
import type { MeResponse as Me } from '@grandline/core/contracts/account';
import { createRouter, jsonContent } from '../../lib/openapi';
import { currentLegalVersion } from '../../db/consent';
import { acceptTerms, deleteAccount, getMe, isUsernameAvailable, updateProfile } from './account.service';
import { removeAvatar, setAvatar, withAvatarCleanup } from '../profiles/avatar.service';
import { uploadFile } from '../../lib/body-limits';
import { z } from 'zod';

/** Whether sign-in is offered, and the configured outside providers with their button labels. */
function authOptions(auth: AuthService | undefined) {
  const configured = auth ? configuredProviders(auth) : [];
  const providers = AUTH_PROVIDERS.filter((id) => configured.includes(id)).map((id) => ({ id, name: providerName(auth!, id) }));
  return { enabled: Boolean(auth), providers };
}

/**
 * GET /api/me and /api/session for a signed-in user: kept with the session (lib/session-cache.ts), so a repeated call
 * reads nothing; the routes that change what it shows (terms, profile, role, deletion) drop it.
 */
async function cachedMe(c: Context<AppEnv>): Promise<Me | null> {
  const resolved = await resolveSession(c);
  if (!resolved) return null;
  if (resolved.entry.me) return resolved.entry.me as Me;
  const me = await getMe({ db: c.var.deps.db, user: resolved.entry.user, terms: resolved.entry.terms });
  c.var.deps.auth?.sessionCache?.fill(resolved.key, resolved.entry, resolved.epoch, { me, terms: me.consent });
  return me;
}

/** After a change to what a user's session shows: their cached sessions are dropped here and on every replica. */
const forgetSessions = (c: Context<AppEnv>, userId: string) => c.var.deps.auth?.sessionCache?.invalidateUser(userId);

const unauthorized = jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'");

export const accountRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/auth-options',
      tags: ['account'],
      summary: 'Whether sign-in is offered, and which outside providers (Google, Facebook) are configured',
      responses: { 200: jsonContent(AuthOptionsResponse, 'Sign-in options') },
    }),
    (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(authOptions(c.var.deps.auth), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/legal/version',
      tags: ['account'],
      summary: 'Current version of a legal document (1.0 when unknown)',
      request: { query: LegalVersionQuery },
      responses: { 200: jsonContent(LegalVersionResponse, 'The version in effect'), 400: jsonContent(ErrorResponse, 'Unknown document') },
    }),
    async (c) => {
      const { doc } = c.req.valid('query');
      return c.json({ doc, version: await currentLegalVersion(c.var.deps.db, doc) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/session',
      tags: ['account'],
      summary: 'The signed-in user as /me does, or null for visitors (no 401, so the app can ask on every load)',
      responses: { 200: jsonContent(SessionResponse, 'The session, if any') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ session: await cachedMe(c), auth: authOptions(c.var.deps.auth) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['account'],
      summary: 'The signed-in user, their profile and whether they accepted the current terms',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(MeResponse, 'The current user'), 401: unauthorized },
    }),
    async (c) => c.json((await cachedMe(c))!, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/profiles/username-available',
      tags: ['account'],
      summary: "Whether a user name is free (letter case is ignored; the signed-in user's own name counts as free)",
      description: 'Public, so the sign-up form can check before the account exists; user names are public anyway.',
      request: { query: UsernameAvailabilityQuery },
      responses: { 200: jsonContent(UsernameAvailabilityResponse, 'Availability'), 400: jsonContent(ErrorResponse, 'Invalid user name') },
    }),
    async (c) => {
      const { name } = c.req.valid('query');
      const user = await sessionUser(c);
      return c.json({ available: await isUsernameAvailable({ db: c.var.deps.db, name, exceptUserId: user?.id }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/me/accept-terms',
      tags: ['account'],
      summary: 'Accept the current terms: user name, country, age, consents and cookie choices in one step',
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: AcceptTermsRequest } }, required: true } },
      responses: {
        200: jsonContent(MeResponse, 'The user with the terms accepted'),
        400: jsonContent(ErrorResponse, 'Invalid input, with the spec messages'),
        401: unauthorized,
        409: jsonContent(ErrorResponse, "'This user name is already taken'"),
      },
    }),
    async (c) => {
      const me = await acceptTerms({ db: c.var.deps.db, user: c.var.user, data: c.req.valid('json'), userAgent: c.req.header('User-Agent') ?? null });
      await forgetSessions(c, c.var.user.id);
      return c.json(me, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/me/profile',
      tags: ['account'],
      summary: 'Change profile fields and saved preferences (only those sent)',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: UpdateProfileRequest } }, required: true } },
      responses: {
        200: jsonContent(MeResponse, 'The updated user'),
        400: jsonContent(ErrorResponse, 'Invalid input'),
        401: unauthorized,
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
      },
    }),
    async (c) => {
      const { db, avatars, log } = c.var.deps;
      const me = await withAvatarCleanup({ db, store: avatars!, userId: c.var.user.id, log }, () => updateProfile({ db, user: c.var.user, data: c.req.valid('json') }));
      await forgetSessions(c, c.var.user.id);
      return c.json(me, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/me/avatar',
      tags: ['account'],
      summary: 'Make a picture the avatar: the body is the image (JPEG, PNG, WebP, AVIF or GIF, at most 5 MB)',
      description: 'The server keeps it as a 256-pixel square WebP without metadata (disk or S3-compatible bucket) and serves it under /img/avatars/.',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'image/jpeg': { schema: z.string() }, 'image/png': { schema: z.string() }, 'image/webp': { schema: z.string() }, 'image/avif': { schema: z.string() }, 'image/gif': { schema: z.string() } }, required: true } },
      responses: {
        200: jsonContent(MeResponse, 'The user with the new avatar'),
        400: jsonContent(ErrorResponse, 'Not a picture the server can read'),
        401: unauthorized,
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
        413: jsonContent(ErrorResponse, 'Larger than 5 MB (FILE_TOO_LARGE)'),
        415: jsonContent(ErrorResponse, 'UNSUPPORTED_MEDIA_TYPE: neither an image nor multipart/form-data'),
      },
    }),
    async (c) => {
      const { db, avatars, log } = c.var.deps;
      const bytes = Buffer.concat(await uploadFile(c, (type) => type.startsWith('image/') || type === 'application/octet-stream', 'an image (image/png, image/jpeg…)'));
      await withAvatarCleanup({ db, store: avatars!, userId: c.var.user.id, log }, () => setAvatar({ db, store: avatars!, user: c.var.user, bytes }));
      await forgetSessions(c, c.var.user.id);
      return c.json(await getMe({ db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/me/avatar',
      tags: ['account'],
      summary: 'Remove the avatar',
      middleware: [requireAcceptedTerms] as const,
      responses: { 200: jsonContent(MeResponse, 'The user without an avatar'), 401: unauthorized, 403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)') },
    }),
    async (c) => {
      const { db, avatars, log } = c.var.deps;
      await withAvatarCleanup({ db, store: avatars!, userId: c.var.user.id, log }, () => removeAvatar({ db, user: c.var.user }));
      await forgetSessions(c, c.var.user.id);
      return c.json(await getMe({ db: c.var.deps.db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/me/delete',
      tags: ['account'],
      summary: 'Delete the account and all its data; the body must repeat the account e-mail',
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: DeleteAccountRequest } }, required: true } },
      responses: { 204: { description: 'Deleted' }, 400: jsonContent(ErrorResponse, 'Confirmation does not match'), 401: unauthorized },
    }),
    async (c) => {
      const { db, avatars, log } = c.var.deps;
      await withAvatarCleanup({ db, store: avatars!, userId: c.var.user.id, log }, () => deleteAccount({ db, user: c.var.user, confirmation: c.req.valid('json').confirmation }));
      await forgetSessions(c, c.var.user.id);
      return c.body(null, 204);
    },
  );
