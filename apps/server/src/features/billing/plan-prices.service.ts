import type { PlanPrice, PlansResponse } from '@grandline/core/contracts/billing';
import { PLAN_IDS } from '@grandline/core/plans';
import type { BillingConfig, BillingInterval, PaidPlan } from '../../lib/billing-config';

/** A price read from Stripe is kept this long; a failed read is tried again after FAILURE_MS (a page never waits on a dead provider twice). */
const PRICE_TTL_MS = 60 * 60_000;
const FAILURE_MS = 5 * 60_000;

type Cached = { at: number; ttl: number; price: Promise<PlanPrice | null> };
const cache = new WeakMap<BillingConfig, Map<string, Cached>>();

/** Test hook: forget what was read. */
export const clearPlanPrices = (billing: BillingConfig) => cache.delete(billing);

function readPrice(billing: BillingConfig, id: string, interval: BillingInterval, log?: { warn(obj: object, msg: string): void }): Promise<PlanPrice | null> {
  let prices = cache.get(billing);
  if (!prices) cache.set(billing, (prices = new Map()));
  const hit = prices.get(id);
  if (hit && Date.now() - hit.at < hit.ttl) return hit.price;
  const entry: Cached = { at: Date.now(), ttl: PRICE_TTL_MS, price: Promise.resolve(null) };
  entry.price = billing.stripe.prices.retrieve(id).then(
    (p) => {
      // Only a flat, active price in the interval it is configured for is shown; anything else shows no amount.
      if (!p.active || p.unit_amount === null || p.recurring?.interval !== interval) return null;
      return { interval, amount: p.unit_amount, currency: p.currency.toUpperCase(), taxIncluded: p.tax_behavior === 'inclusive' };
    },
    (err: unknown) => {
      entry.ttl = FAILURE_MS;
      log?.warn({ err, price: id }, 'plan price not read from Stripe');
      return null;
    },
  );
  prices.set(id, entry);
  return entry.price;
}

/** The plans and their prices (GET /api/billing/plans). */
export async function planPrices({ billing, familyMaxMembers, log }: { billing: BillingConfig | undefined; familyMaxMembers: number; log?: { warn(obj: object, msg: string): void } }): Promise<PlansResponse> {
  const pricesOf = async (plan: PaidPlan) => {
    if (!billing) return [];
    const configured = (['month', 'year'] as const).flatMap((interval) => (billing.prices[plan][interval] ? [{ interval, id: billing.prices[plan][interval] }] : []));
    const read = await Promise.all(configured.map(({ interval, id }) => readPrice(billing, id, interval, log)));
    return read.filter((p): p is PlanPrice => p !== null);
  };
  const plans = await Promise.all(PLAN_IDS.map(async (plan) => ({ plan, prices: plan === 'free' ? [] : await pricesOf(plan) })));
  return { billingConfigured: Boolean(billing), familyMaxMembers, plans };
}
