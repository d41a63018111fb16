import { createRoute, OpenAPIHono, type OpenAPIHonoOptions } from '@hono/zod-openapi';
import {
  CommentIdParam,
  CommentListQuery,
  CommentListResponse,
  Comment,
  PostCommentRequest,
  ReportCommentRequest,
  ReportedCommentListResponse,
  ReportedCommentsQuery,
} from '@grandline/core/contracts/comments';
import { BinderIdParam } from '@grandline/core/contracts/binders';
import { DeckIdParam } from '@grandline/core/contracts/decks';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { requireAcceptedTerms, requireAdmin, sessionUser } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { errorBody } from '../../lib/errors';
import { adminDenied, createRouter, jsonContent, validationIssues } from '../../lib/openapi';
import { deleteComment, dismissReports, listComments, listReportedComments, postComment, reportComment, type ItemKind } from './comments.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
};
const commentNotFound = jsonContent(ErrorResponse, "No such comment, or one on an item the viewer may not read (COMMENT_NOT_FOUND)");
const tooMany = jsonContent(ErrorResponse, 'Past the allowance (RATE_LIMITED)');

/**
 * A body's refusal says the rule itself ('Invalid comment', 'Reason must be at most 500 characters'), as the spec words
 * it, rather than 'Invalid parameter "text": …'; path and query refusals are answered as by every other router.
 */
const standardHook = createRouter().defaultHook!;
const commentsHook: NonNullable<OpenAPIHonoOptions<AppEnv>['defaultHook']> = (result, c) => {
  if (result.success || result.target !== 'json') return standardHook(result, c);
  const issues = validationIssues(result.error);
  return c.json(errorBody('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid request', { issues }), 400);
};

export const commentsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: commentsHook });

type ItemParams = typeof DeckIdParam | typeof BinderIdParam;
const ITEMS = {
  deck: { segment: 'decks', notFound: "'This deck doesn't exist or is private' (DECK_NOT_FOUND)" },
  binder: { segment: 'binders', notFound: "'This binder doesn't exist or is private' (BINDER_NOT_FOUND)" },
} as const;

const listRoute = <P extends ItemParams>(kind: ItemKind, params: P) =>
  createRoute({
    method: 'get',
    path: `/${ITEMS[kind].segment}/{id}/comments`,
    tags: ['comments'],
    summary: `Comments on a ${kind} the viewer may read, newest first (keyset pages), with their count`,
    request: { params, query: CommentListQuery },
    responses: {
      200: jsonContent(CommentListResponse, 'A page of comments, the total and the next page’s cursor'),
      400: jsonContent(ErrorResponse, 'A malformed id or cursor'),
      404: jsonContent(ErrorResponse, `${ITEMS[kind].notFound}: also for a private ${kind} of someone else`),
    },
  });

const postRoute = <P extends ItemParams>(kind: ItemKind, params: P) =>
  createRoute({
    method: 'post',
    path: `/${ITEMS[kind].segment}/{id}/comments`,
    tags: ['comments'],
    summary: `Comment on a public ${kind} (10 in 10 minutes and 100 a day per user)`,
    middleware: [requireAcceptedTerms] as const,
    request: { params, body: { content: { 'application/json': { schema: PostCommentRequest } }, required: true } },
    responses: {
      201: jsonContent(Comment, 'The new comment'),
      400: jsonContent(ErrorResponse, "'Invalid comment': empty, over 1,000 characters or holding control characters"),
      ...gate,
      404: jsonContent(ErrorResponse, `${ITEMS[kind].notFound}: a private ${kind} too, whoever asks`),
      429: tooMany,
    },
  });

commentsRoutes
  .openapi(listRoute('deck', DeckIdParam), async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    return c.json(await listComments({ db: c.var.deps.db, viewer: await sessionUser(c), item: { kind: 'deck', id: c.req.valid('param').id }, ...c.req.valid('query') }), 200);
  })
  .openapi(listRoute('binder', BinderIdParam), async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    return c.json(await listComments({ db: c.var.deps.db, viewer: await sessionUser(c), item: { kind: 'binder', id: c.req.valid('param').id }, ...c.req.valid('query') }), 200);
  })
  .openapi(
    postRoute('deck', DeckIdParam),
    async (c) => c.json(await postComment({ db: c.var.deps.db, user: c.var.user, item: { kind: 'deck', id: c.req.valid('param').id }, text: c.req.valid('json').text, notify: c.var.deps }), 201),
  )
  .openapi(
    postRoute('binder', BinderIdParam),
    async (c) => c.json(await postComment({ db: c.var.deps.db, user: c.var.user, item: { kind: 'binder', id: c.req.valid('param').id }, text: c.req.valid('json').text, notify: c.var.deps }), 201),
  );

commentsRoutes
  .openapi(
    createRoute({
      method: 'delete',
      path: '/comments/{id}',
      tags: ['comments'],
      summary: "Delete a comment: its author, the item's owner or an administrator",
      middleware: [requireAcceptedTerms] as const,
      request: { params: CommentIdParam },
      responses: {
        204: { description: 'Deleted' },
        400: jsonContent(ErrorResponse, 'A malformed id'),
        401: gate[401],
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED), or a comment the viewer can read but may not delete (FORBIDDEN)'),
        404: commentNotFound,
      },
    }),
    async (c) => {
      await deleteComment({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/comments/{id}/report',
      tags: ['comments'],
      summary: 'Report a comment to the administrators, with an optional reason (once per user; 20 an hour)',
      middleware: [requireAcceptedTerms] as const,
      request: { params: CommentIdParam, body: { content: { 'application/json': { schema: ReportCommentRequest } }, required: false } },
      responses: {
        204: { description: 'Reported (a repeat report changes nothing)' },
        400: jsonContent(ErrorResponse, "One's own comment (CANNOT_REPORT_OWN_COMMENT), or a reason over 500 characters"),
        ...gate,
        404: commentNotFound,
        429: tooMany,
      },
    }),
    async (c) => {
      // The body is optional: without one (no Content-Type), there is no reason.
      const body = c.req.valid('json') as ReportCommentRequest | undefined;
      await reportComment({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, reason: body?.reason });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/comments/reported',
      tags: ['admin'],
      summary: 'Reported comments, the most recently reported first, with their latest reasons',
      middleware: [requireAdmin] as const,
      request: { query: ReportedCommentsQuery },
      responses: { 200: jsonContent(ReportedCommentListResponse, 'A page of reported comments'), 400: jsonContent(ErrorResponse, 'Invalid query'), ...adminDenied },
    }),
    async (c) => c.json(await listReportedComments({ db: c.var.deps.db, ...c.req.valid('query') }), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/comments/{id}/reports',
      tags: ['admin'],
      summary: "Dismiss a comment's reports (the comment stays)",
      middleware: [requireAdmin] as const,
      request: { params: CommentIdParam },
      responses: { 204: { description: 'Dismissed' }, 400: jsonContent(ErrorResponse, 'A malformed id'), ...adminDenied, 404: commentNotFound },
    }),
    async (c) => {
      await dismissReports({ db: c.var.deps.db, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  );
