import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { CreateSavedSearchRequest, SavedSearch, SavedSearchIdParam, SavedSearchListResponse } from '@grandline/core/contracts/searches';
import { requireAcceptedTerms, requireUser, sessionPlan } from '../../lib/auth-gate';
import { requestLanguage } from '../../lib/mail-text';
import { createRouter, jsonContent } from '../../lib/openapi';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED), or the plan keeps no more saved searches (PLAN_LIMIT: Free keeps 3)'),
};
const notFound = jsonContent(ErrorResponse, "No saved search of this user has this id (SEARCH_NOT_FOUND), another user's included");

export const searchesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/searches',
      tags: ['searches'],
      summary: "The signed-in user's saved searches, newest first",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(SavedSearchListResponse, 'The saved searches'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await listSavedSearches({ db: c.var.deps.db, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/searches',
      tags: ['searches'],
      summary: 'Save a search: a name and a query of the search language. New cards of the catalogue that match it notify its owner (notification kind search_match)',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CreateSavedSearchRequest } }, required: true } },
      responses: {
        201: jsonContent(SavedSearch, 'The saved search'),
        400: jsonContent(ErrorResponse, 'A query the language cannot read (QUERY_INVALID, with `query`: reason, position, text), or a bad name (VALIDATION_ERROR)'),
        ...gate,
      },
    }),
    async (c) =>
      c.json(
        await createSavedSearch({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), lang: requestLanguage(c.req.raw.headers), data: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/searches/{id}',
      tags: ['searches'],
      summary: 'Remove a saved search',
      middleware: [requireAcceptedTerms] as const,
      request: { params: SavedSearchIdParam },
      responses: { 204: { description: 'Removed' }, 400: jsonContent(ErrorResponse, 'Not a saved search id (VALIDATION_ERROR)'), ...gate, 404: notFound },
    }),
    async (c) => {
      await deleteSavedSearch({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  );
