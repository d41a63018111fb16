import { createRoute } from '@hono/zod-openapi';
import { BillingRedirectResponse, BillingStatusResponse, CheckoutRequest, PlansResponse } from '@grandline/core/contracts/billing';
import { ErrorResponse } from '@grandline/core/contracts/errors';
import { z } from 'zod';
import { requireAcceptedTerms, requireUser } from '../../lib/auth-gate';
import { planChanged } from '../../lib/plan-events';
import { planPrices } from './plan-prices.service';
import { familyMemberIds } from './family.service';
import { createRouter, jsonContent } from '../../lib/openapi';
import { billingStatus } from './billing.service';
import { createCheckout, createPortal, handleWebhook } from './stripe-billing.service';

const signedOut = jsonContent(ErrorResponse, "Not signed in: 'Please sign in to access this feature'");
const unavailable = {
  502: jsonContent(ErrorResponse, "Stripe did not answer: 'Failed to create checkout session' or 'Failed to open customer portal'"),
};

export const billingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/plans',
      tags: ['billing'],
      summary: 'The plans with the prices this server sells them at, per month and per year (public; no amounts without payments configured)',
      description:
        'Each paid plan lists, per interval, whether it can be bought on this server and why not: BILLING_NOT_CONFIGURED (no STRIPE_SECRET_KEY), PRICE_NOT_CONFIGURED (no STRIPE_PRICE_<PLAN>_<INTERVAL>), PRICE_UNAVAILABLE (Stripe does not hold that price as active in that interval, or cannot be read now).',
      responses: { 200: jsonContent(PlansResponse, 'Free, Hobby and Family, each with its prices (empty when none) and whether each interval can be bought') },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      const { config, log } = c.var.deps;
      return c.json(await planPrices({ billing: config.billing, familyMaxMembers: config.familyMaxMembers, log }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/status',
      tags: ['billing'],
      summary: "The signed-in user's plan and subscription (spec §7 get_user_subscription_status, plus the plan in effect)",
      middleware: [requireUser] as const,
      responses: {
        200: jsonContent(BillingStatusResponse, 'No subscription row: plan free, is_subscribed false, the other fields null'),
        401: signedOut,
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await billingStatus({ db: c.var.deps.db, userId: c.var.user.id, billing: c.var.deps.config.billing }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/checkout',
      tags: ['billing'],
      summary: 'A Stripe Checkout page for a paid plan, monthly or yearly (open the url in a new tab)',
      middleware: [requireAcceptedTerms] as const,
      request: { body: { content: { 'application/json': { schema: CheckoutRequest } }, required: true } },
      responses: {
        200: jsonContent(BillingRedirectResponse, 'The Checkout page'),
        400: jsonContent(ErrorResponse, 'Invalid plan or interval, or one this server does not sell (PLAN_NOT_OFFERED)'),
        401: signedOut,
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
        404: jsonContent(ErrorResponse, 'Payments are not configured on this server (BILLING_NOT_CONFIGURED)'),
        409: jsonContent(ErrorResponse, 'Already subscribed: manage it from the customer portal (ALREADY_SUBSCRIBED)'),
        ...unavailable,
      },
    }),
    async (c) => {
      const { plan, interval } = c.req.valid('json');
      const { db, log, config } = c.var.deps;
      return c.json(await createCheckout({ db, log, billing: config.billing, user: c.var.user, plan, interval }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/portal',
      tags: ['billing'],
      summary: "Stripe's customer portal for the signed-in user's subscription (open the url in a new tab)",
      middleware: [requireAcceptedTerms] as const,
      responses: {
        200: jsonContent(BillingRedirectResponse, 'The portal'),
        401: signedOut,
        403: jsonContent(ErrorResponse, 'Terms not accepted (TOS_REQUIRED)'),
        404: jsonContent(ErrorResponse, 'Never subscribed: no customer to manage (NO_SUBSCRIPTION), or payments not configured (BILLING_NOT_CONFIGURED)'),
        ...unavailable,
      },
    }),
    async (c) => {
      const { db, log, config } = c.var.deps;
      return c.json(await createPortal({ db, log, billing: config.billing, user: c.var.user }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/webhook',
      tags: ['billing'],
      summary: "Stripe's webhook: verified on the raw body (Stripe-Signature), applied once per event id",
      description:
        'Subscription events and completed Checkouts store the subscription as Stripe holds it when the event is handled (read back), so late or reordered events leave the newest state. A replay answers 200 and changes nothing; other event types are acknowledged with 200.',
      responses: {
        200: jsonContent(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Received'),
        400: jsonContent(ErrorResponse, 'Missing or wrong signature (INVALID_SIGNATURE)'),
        404: jsonContent(ErrorResponse, 'Payments are not configured on this server (BILLING_NOT_CONFIGURED)'),
        502: jsonContent(ErrorResponse, 'Stripe could not be read back: Stripe retries the event later'),
      },
    }),
    async (c) => {
      const { db, log, config } = c.var.deps;
      const outcome = await handleWebhook({ db, log, billing: config.billing, rawBody: await c.req.text(), signature: c.req.header('stripe-signature') });
      // The new plan holds from the user's very next request on every replica, and their open tabs hear of it.
      if (outcome.userId) await planChanged(c.var.deps, [outcome.userId, ...(await familyMemberIds(db, outcome.userId))]);
      return c.json({ received: true as const, duplicate: outcome.duplicate }, 200);
    },
  );
