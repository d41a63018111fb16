import { createRoute } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import type { ObjectStore } from '../../lib/object-store';
import { avatarKey, linkedAvatar, type LinkedAvatarOptions } from './avatar.service';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { FeedQuery, FeedResponse, FollowListQuery, FollowListResponse, FollowStateResponse, ProfileUsernameParam, PublicProfileResponse } from '@grandline/core/contracts/profiles';
import { requireAcceptedTerms, sessionUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { follow, followList, unfollow } from './follows.service';
import { feed, publicProfile } from './profile.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
};
const notFound = jsonContent(ErrorResponse, 'No profile has this user name (PROFILE_NOT_FOUND)');
const invalid = jsonContent(ErrorResponse, 'A malformed user name or cursor (VALIDATION_ERROR), or following oneself (CANNOT_FOLLOW_SELF)');
const tooMany = jsonContent(ErrorResponse, 'More than 60 follows and unfollows in an hour (RATE_LIMITED)');

const followRoute = (method: 'put' | 'delete') =>
  createRoute({
    method,
    path: '/profiles/{username}/follow',
    tags: ['profiles'],
    summary: method === 'put' ? 'Follow a user (idempotent; not oneself)' : 'Stop following a user (idempotent)',
    middleware: [requireAcceptedTerms] as const,
    request: { params: ProfileUsernameParam },
    responses: { 200: jsonContent(FollowStateResponse, 'Whether the signed-in user follows them now, and their follower count'), 400: invalid, ...gate, 404: notFound, 429: tooMany },
  });

const listRoute = (side: 'followers' | 'following') =>
  createRoute({
    method: 'get',
    path: `/profiles/{username}/${side}`,
    tags: ['profiles'],
    summary: side === 'followers' ? "A user's followers, newest first (keyset pages)" : 'Whom a user follows, newest first (keyset pages)',
    request: { params: ProfileUsernameParam, query: FollowListQuery },
    responses: { 200: jsonContent(FollowListResponse, 'A page of public profiles and the next page\'s cursor'), 400: invalid, 404: notFound },
  });

const profileRoute = createRoute({
  method: 'get',
  path: '/profiles/{username}',
  tags: ['profiles'],
  summary: "A user's public profile: public fields, counts, badges, public decks and binders they show, recent activity (never an e-mail address or a private item)",
  request: { params: ProfileUsernameParam },
  responses: { 200: jsonContent(PublicProfileResponse, 'The public profile, and whether the reader follows it'), 400: invalid, 404: notFound },
});

const feedRoute = createRoute({
  method: 'get',
  path: '/feed',
  tags: ['profiles'],
  summary: 'What the people the signed-in user follows did (decks published, binders shared, comments), newest first, in keyset pages',
  middleware: [requireAcceptedTerms] as const,
  request: { query: FeedQuery },
  responses: { 200: jsonContent(FeedResponse, "A page of activity and the next page's cursor"), 400: jsonContent(ErrorResponse, 'A malformed cursor or limit'), ...gate },
});

export const profilesRoutes = createRouter()
  .openapi(profileRoute, async (c) => c.json(await publicProfile({ db: c.var.deps.db, viewer: await sessionUser(c), username: c.req.valid('param').username }), 200))
  .openapi(feedRoute, async (c) => c.json(await feed({ db: c.var.deps.db, user: c.var.user, ...c.req.valid('query') }), 200))
  .openapi(followRoute('put'), async (c) => c.json(await follow({ db: c.var.deps.db, user: c.var.user, username: c.req.valid('param').username, notify: c.var.deps }), 200))
  .openapi(followRoute('delete'), async (c) => c.json(await unfollow({ db: c.var.deps.db, user: c.var.user, username: c.req.valid('param').username }), 200))
  .openapi(listRoute('followers'), async (c) => c.json(await followList({ db: c.var.deps.db, username: c.req.valid('param').username, side: 'followers', ...c.req.valid('query') }), 200))
  .openapi(listRoute('following'), async (c) => c.json(await followList({ db: c.var.deps.db, username: c.req.valid('param').username, side: 'following', ...c.req.valid('query') }), 200));

/**
 * GET /img/avatars/{userId}/{hash}.webp: an avatar the server made (avatar.service.ts). Its address changes with the
 * picture, so it is kept a year; an ETag answers revalidations. Anything else under /img/avatars is a 404.
 */
export function avatarImageRoutes(store: ObjectStore, links: LinkedAvatarOptions) {
  const routes = new Hono<AppEnv>();
  // A linked avatar (another site's picture), fetched once by the server (avatar.service.ts linkedAvatar).
  routes.get('/img/avatars/link/:userId/:file', async (c) => {
    const userId = c.req.param('userId');
    const hash = /^([0-9a-f]{16})\.webp$/.exec(c.req.param('file'))?.[1];
    if (!hash || !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return c.text('Not found', 404);
    const etag = `"${hash}"`;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    const body = await linkedAvatar({ db: c.var.deps.db, store, userId, hash, options: links });
    if (!body) return c.text('Not found', 404, { 'Cache-Control': 'public, max-age=300' });
    // The address names the link: a new link, a new address. Kept a day (a site may change the picture behind a link).
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=86400', ETag: etag });
  });
  routes.get('/img/avatars/:userId/:file', async (c) => {
    const userId = c.req.param('userId');
    const hash = /^([0-9a-f]{16})\.webp$/.exec(c.req.param('file'))?.[1];
    if (!hash || !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return c.text('Not found', 404);
    const etag = `"${hash}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    const body = await store.get(avatarKey(userId, hash));
    if (!body) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    c.header('Content-Type', 'image/webp');
    return c.body(body as Uint8Array<ArrayBuffer>);
  });
  return routes;
}
