import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { FollowListQuery, FollowListResponse, FollowStateResponse, ProfileUsernameParam } from '@grandline/core/contracts/profiles';
import { requireAcceptedTerms } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { follow, followList, unfollow } from './follows.service';

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

export const profilesRoutes = createRouter()
  .openapi(followRoute('put'), async (c) => c.json(await follow({ db: c.var.deps.db, user: c.var.user, username: c.req.valid('param').username }), 200))
  .openapi(followRoute('delete'), async (c) => c.json(await unfollow({ db: c.var.deps.db, user: c.var.user, username: c.req.valid('param').username }), 200))
  .openapi(listRoute('followers'), async (c) => c.json(await followList({ db: c.var.deps.db, username: c.req.valid('param').username, side: 'followers', ...c.req.valid('query') }), 200))
  .openapi(listRoute('following'), async (c) => c.json(await followList({ db: c.var.deps.db, username: c.req.valid('param').username, side: 'following', ...c.req.valid('query') }), 200));
