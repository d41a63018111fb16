import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans';

/**
 * Billing (spec §3 Subscription, §7 get_user_subscription_status): the signed-in user's plan and subscription, and
 * an admin's complimentary plan grant.
 */
const PlanIdSchema = z.enum(PLAN_IDS);

/** GET /api/billing/status: spec §7's fields (snake_case, as the spec names them) plus the plan in effect. */
export const BillingStatusResponse = z.object({
  plan: PlanIdSchema.describe('The plan in effect: the higher of the subscription (while it grants it) and a complimentary plan; free with neither'),
  is_subscribed: z.boolean(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  product_id: z.string().nullable(),
  subscription_end: z.string().nullable().describe('ISO 8601: renewal, or the end of a cancelled subscription'),
  complimentaryPlan: PlanIdSchema.nullable().describe('A plan an admin granted, or null'),
  billingConfigured: z.boolean().describe('Whether this server takes payments (Stripe configured): checkout and the portal work'),
  offers: z
    .object({ hobby: z.array(z.enum(['month', 'year'])), family: z.array(z.enum(['month', 'year'])) })
    .describe('The billing intervals each paid plan is sold in on this server (empty without payments)'),
});
export type BillingStatusResponse = z.infer<typeof BillingStatusResponse>;

/** PUT /api/admin/users/{id}/plan: a complimentary plan; free removes the grant. */
export const SetPlanRequest = z.object({ plan: PlanIdSchema });
export type SetPlanRequest = z.infer<typeof SetPlanRequest>;

/** POST /api/billing/checkout: a Stripe Checkout page for a paid plan, billed monthly or yearly. */
export const CheckoutRequest = z.object({ plan: z.enum(['hobby', 'family']), interval: z.enum(['month', 'year']) });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** The Stripe page to open (Checkout or the customer portal), in a new tab. */
export const BillingRedirectResponse = z.object({ url: z.string() });
export type BillingRedirectResponse = z.infer<typeof BillingRedirectResponse>;

/** A price a paid plan is sold at on this server, read from the payment provider (never made up). */
export const PlanPrice = z.object({
  interval: z.enum(['month', 'year']),
  amount: z.number().int().nonnegative().describe("In the currency's minor units (cents)"),
  currency: z.string().describe('ISO 4217, upper case'),
  taxIncluded: z.boolean().describe('Whether the amount includes tax (a tax-inclusive Stripe price)'),
});
export type PlanPrice = z.infer<typeof PlanPrice>;

/**
 * Why a paid plan cannot be bought for a billing interval on this server: payments are not set up (no
 * STRIPE_SECRET_KEY), no price id is configured for that plan and interval (STRIPE_PRICE_HOBBY_MONTH…), or the
 * configured price cannot be sold now (Stripe does not hold it as an active price of that interval, or cannot be read).
 */
const PURCHASE_BLOCKS = ['BILLING_NOT_CONFIGURED', 'PRICE_NOT_CONFIGURED', 'PRICE_UNAVAILABLE'] as const;

/** Whether a paid plan can be bought for one billing interval here, and if not, why. */
export const PlanPurchase = z.object({
  interval: z.enum(['month', 'year']),
  purchasable: z.boolean().describe('Checkout can be opened for this plan and interval'),
  reason: z.enum(PURCHASE_BLOCKS).nullable().describe('Why not (null when purchasable)'),
});
export type PlanPurchase = z.infer<typeof PlanPurchase>;

/**
 * GET /api/billing/plans (public): the three plans with the prices this server sells them at — none when payments are
 * not configured or the provider cannot be read (the pricing then shows no amounts, never invented ones) — and, per
 * paid plan and interval, whether it can be bought here and why not.
 */
export const PlansResponse = z.object({
  billingConfigured: z.boolean(),
  familyMaxMembers: z.number().int().describe('Members a Family owner may invite besides themselves'),
  plans: z.array(
    z.object({
      plan: PlanIdSchema,
      prices: z.array(PlanPrice),
      purchase: z.array(PlanPurchase).describe('Month and year for a paid plan; empty for Free (never bought)'),
    }),
  ),
});
export type PlansResponse = z.infer<typeof PlansResponse>;
