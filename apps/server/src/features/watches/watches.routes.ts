import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import {
  CreateWatchRequest,
  NotificationIdParam,
  NotificationListResponse,
  NotificationsQuery,
  UnreadCountResponse,
  UpdateWatchRequest,
  Watch,
  WatchIdParam,
  WatchListResponse,
} from '@grandline/core/contracts/watches';
import { requireAcceptedTerms, requireUser, sessionPlan } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications.service';
import { notificationStream } from './notification-stream';
import { createWatch, deleteWatch, listWatches, updateWatch } from './watches.service';

const gate = {
  401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
  403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED), or the plan allows no more watches (PLAN_LIMIT)'),
};
const invalid = jsonContent(ErrorResponse, "'Invalid threshold: Please enter a valid positive number', or 'The price is already below/above the given threshold' (PRICE_ALREADY_PAST)");
const notFound = jsonContent(ErrorResponse, "No such watch of this user (WATCH_NOT_FOUND), or no such card");
const exists = jsonContent(ErrorResponse, 'The user already watches this card on this market with this alert type (WATCH_EXISTS)');

export const watchesRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/watches',
      tags: ['watchlist'],
      summary: "The signed-in user's price alerts, oldest first, with each market's current min price",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(WatchListResponse, 'Watches and the plan limit'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await listWatches({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), config: c.var.deps.config.prices }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/watches',
      tags: ['watchlist'],
      summary: "Watch a print's min price on a market, below or above a threshold in the user's currency",
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CreateWatchRequest } }, required: true } },
      responses: { 201: jsonContent(Watch, 'The new watch, watching'), 400: invalid, ...gate, 404: notFound, 409: exists },
    }),
    async (c) => c.json(await createWatch({ db: c.var.deps.db, user: c.var.user, plan: await sessionPlan(c, c.var.user.id), data: c.req.valid('json'), config: c.var.deps.config.prices }), 201),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/watches/{id}',
      tags: ['watchlist'],
      summary: 'Change a watch (market, alert type, threshold, currency); it is armed again',
      middleware: [requireAcceptedTerms] as const,
      request: { params: WatchIdParam, body: { content: { 'application/json': { schema: UpdateWatchRequest } }, required: true } },
      responses: { 200: jsonContent(Watch, 'The watch, watching again'), 400: invalid, ...gate, 404: notFound, 409: exists },
    }),
    async (c) =>
      c.json(await updateWatch({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id, data: c.req.valid('json'), config: c.var.deps.config.prices }), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/watches/{id}',
      tags: ['watchlist'],
      summary: 'Remove a watch',
      middleware: [requireAcceptedTerms] as const,
      request: { params: WatchIdParam },
      responses: { 204: { description: 'Removed' }, 400: invalid, ...gate, 404: notFound },
    }),
    async (c) => {
      await deleteWatch({ db: c.var.deps.db, user: c.var.user, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      tags: ['notifications'],
      summary: "The signed-in user's notifications, newest first (keyset pages: `before` = the last id seen), with the unread count",
      middleware: [requireUser] as const,
      request: { query: NotificationsQuery },
      responses: { 200: jsonContent(NotificationListResponse, 'A page of notifications'), 400: jsonContent(ErrorResponse, 'Malformed query'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json(await listNotifications({ db: c.var.deps.db, userId: c.var.user.id, ...c.req.valid('query') }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/unread-count',
      tags: ['notifications'],
      summary: 'How many notifications the signed-in user has not read (the bell)',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(UnreadCountResponse, 'The unread count'), 401: gate[401] },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-cache');
      return c.json({ unread: await unreadCount(c.var.deps.db, c.var.user.id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/read-all',
      tags: ['notifications'],
      summary: 'Mark every notification of the signed-in user read',
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(z.object({ updated: z.number().int() }), 'How many were unread'), 401: gate[401] },
    }),
    async (c) => c.json({ updated: await markAllRead({ db: c.var.deps.db, userId: c.var.user.id }) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/{id}/read',
      tags: ['notifications'],
      summary: 'Mark one notification read',
      middleware: [requireUser] as const,
      request: { params: NotificationIdParam },
      responses: { 204: { description: 'Read' }, 400: jsonContent(ErrorResponse, 'Malformed id'), 401: gate[401], 404: jsonContent(ErrorResponse, 'No such notification of this user') },
    }),
    async (c) => {
      await markRead({ db: c.var.deps.db, userId: c.var.user.id, id: c.req.valid('param').id });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/stream',
      tags: ['notifications'],
      summary: "The signed-in user's new notifications, live (Server-Sent Events)",
      description:
        '`event: notification` (id: the notification id, data: its JSON) and `event: unread` (data: {"unread": n}); a comment every 25 s. ' +
        'A reconnecting client sends Last-Event-ID and gets every notification after it first. At most 10 open streams per user (429).',
      middleware: [requireUser] as const,
      request: { headers: z.object({ 'last-event-id': z.string().max(20).regex(/^\d*$/).optional() }) },
      responses: {
        200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' },
        400: jsonContent(ErrorResponse, 'Malformed Last-Event-ID'),
        401: gate[401],
        429: jsonContent(ErrorResponse, 'Too many open streams for this user'),
      },
    }),
    (c) => {
      const last = c.req.valid('header')['last-event-id'];
      return notificationStream(c, c.var.user.id, last ? Number(last) : null) as never;
    },
  );
