import type { PlanId } from '@grandline/core/plans';
import Stripe from 'stripe';
import type { Env } from './env';

export type PaidPlan = Exclude<PlanId, 'free'>;
export type BillingInterval = 'month' | 'year';

/** Payments through Stripe, when configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). */
export interface BillingConfig {
  stripe: Stripe;
  webhookSecret: string;
  /** The Stripe price id of each paid plan and interval, where configured. */
  prices: Record<PaidPlan, Partial<Record<BillingInterval, string>>>;
  /** The app's public address: where Checkout and the portal send the user back. */
  publicUrl: string;
}

/** A Stripe client with our time-outs and retries; `apiUrl` points it elsewhere than Stripe (a local stand-in in tests). */
export function createStripe(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    timeout: 15_000,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(target ? { host: target.hostname, port: target.port || (target.protocol === 'http:' ? 80 : 443), protocol: target.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** The billing configuration of an environment: null without Stripe's keys; an error when only one of them is set. */
export function billingConfigFromEnv(env: Env, publicUrl: string): BillingConfig | null {
  if (!env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) return null;
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new Error('Payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    stripe: createStripe(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: {
      hobby: { month: env.STRIPE_PRICE_HOBBY_MONTH, year: env.STRIPE_PRICE_HOBBY_YEAR },
      family: { month: env.STRIPE_PRICE_FAMILY_MONTH, year: env.STRIPE_PRICE_FAMILY_YEAR },
    },
    publicUrl,
  };
}

/** The paid plan a Stripe price is, by the configured price ids; null for a price we do not sell. */
export function planOfPrice(config: Pick<BillingConfig, 'prices'>, priceId: string | null | undefined): PaidPlan | null {
  if (!priceId) return null;
  for (const plan of ['family', 'hobby'] as const) {
    if (Object.values(config.prices[plan]).includes(priceId)) return plan;
  }
  return null;
}
