import { createRoute } from '@hono/zod-openapi';
import { BillingStatusResponse } from '@grandline/core/contracts/billing';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { requireUser } from '../../lib/auth-gate';
import { createRouter, jsonContent } from '../../lib/openapi';
import { billingStatus } from './billing.service';

export const billingRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/billing/status',
    tags: ['billing'],
    summary: "The signed-in user's plan and subscription (spec §7 get_user_subscription_status, plus the plan in effect)",
    middleware: [requireUser] as const,
    responses: {
      200: jsonContent(BillingStatusResponse, 'No subscription row: plan free, is_subscribed false, the other fields null'),
      401: jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'"),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await billingStatus({ db: c.var.deps.db, userId: c.var.user.id }), 200);
  },
);
