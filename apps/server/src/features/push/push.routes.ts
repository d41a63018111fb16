import { createRoute } from '@hono/zod-openapi';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { PushConfigResponse, PushSubscriptionRequest, PushTestResponse, PushUnsubscribeRequest } from '@grandline/core/contracts/push';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { requireUser } from '../../lib/auth-gate';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createRouter, jsonContent } from '../../lib/openapi';
import { enforceRateLimit } from '../../lib/rate-limit';
import { pushToUser, subscribePush, testMessage, unsubscribePush } from './push.service';

const signedOut = jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'");
const notConfigured = jsonContent(ErrorResponse, 'Push is not configured on this server (PUSH_NOT_CONFIGURED)');
/** Test notifications a user may send in a window of TEST_WINDOW_SECONDS. */
const TEST_MAX = 5;
const TEST_WINDOW_SECONDS = 600;

function configured(c: Context<AppEnv>) {
  const push = c.var.deps.push;
  if (!push) throw new AppError('PUSH_NOT_CONFIGURED', 409, 'Push notifications are not configured on this server');
  return push;
}

/** Web Push (issue 17; push.service.ts): a device subscribes, unsubscribes, and may ask for a test notification. */
export const pushRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/push/config',
      tags: ['push'],
      summary: "Whether this server sends Web Push, and its VAPID public key (the browser's applicationServerKey)",
      responses: { 200: jsonContent(PushConfigResponse, 'Push configuration') },
    }),
    (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      const push = c.var.deps.push;
      return c.json({ enabled: Boolean(push), publicKey: push?.publicKey ?? null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/push/subscriptions',
      tags: ['push'],
      summary: "Keep this device's push subscription (PushSubscription.toJSON()) for the signed-in user",
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: PushSubscriptionRequest } }, required: true } },
      responses: { 204: { description: 'Kept' }, 400: jsonContent(ErrorResponse, 'Not a subscription of a known push service'), 401: signedOut, 409: notConfigured },
    }),
    async (c) => {
      await subscribePush({ db: c.var.deps.db, userId: c.var.user.id, subscription: c.req.valid('json'), config: configured(c) });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/push/subscriptions',
      tags: ['push'],
      summary: "Forget this device's push subscription (push turned off on it)",
      middleware: [requireUser] as const,
      request: { body: { content: { 'application/json': { schema: PushUnsubscribeRequest } }, required: true } },
      responses: { 204: { description: 'Forgotten' }, 400: jsonContent(ErrorResponse, 'Invalid endpoint'), 401: signedOut },
    }),
    async (c) => {
      await unsubscribePush({ db: c.var.deps.db, userId: c.var.user.id, endpoint: c.req.valid('json').endpoint });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/push/test',
      tags: ['push'],
      summary: "Send a test notification to the signed-in user's devices (5 per 10 minutes)",
      middleware: [requireUser] as const,
      responses: { 200: jsonContent(PushTestResponse, 'Devices reached'), 401: signedOut, 409: notConfigured, 429: jsonContent(ErrorResponse, 'Too many test notifications') },
    }),
    async (c) => {
      const push = configured(c);
      const { db, log } = c.var.deps;
      await enforceRateLimit(db, `push-test:${c.var.user.id}`, TEST_MAX, TEST_WINDOW_SECONDS);
      const rows = (await db.execute(sql`select language from profiles where id = ${c.var.user.id}`)) as unknown as { rows: { language: string | null }[] };
      return c.json(await pushToUser({ db, config: push, log }, c.var.user.id, testMessage(rows.rows[0]?.language)), 200);
    },
  );
