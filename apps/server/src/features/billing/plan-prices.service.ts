import type { PlanPrice, PlanPurchase, PlansResponse } from '@grandline/core/contracts/billing';
import { PLAN_IDS } from '@grandline/core/plans';
import type { BillingConfig, BillingInterval, PaidPlan } from '../../lib/billing-config';

/** A price read from Stripe is kept this long; a failed read is tried again after FAILURE_MS (a page never waits on a dead provider twice). */
const PRICE_TTL_MS = 60 * 60_000;
const FAILURE_MS = 5 * 60_000;

/** What Stripe holds for a configured price id: whether it can be sold in its interval, and its flat amount if it has one. */
type ReadPrice = { sellable: boolean; price: PlanPrice | null };
type Cached = { at: number; ttl: number; price: Promise<ReadPrice> };
const cache = new WeakMap<BillingConfig, Map<string, Cached>>();

/** Test hook: forget what was read. */
export const clearPlanPrices = (billing: BillingConfig) => cache.delete(billing);

function readPrice(billing: BillingConfig, id: string, interval: BillingInterval, log?: { warn(obj: object, msg: string): void }): Promise<ReadPrice> {
  let prices = cache.get(billing);
  if (!prices) cache.set(billing, (prices = new Map()));
  const hit = prices.get(id);
  if (hit && Date.now() - hit.at < hit.ttl) return hit.price;
  const entry: Cached = { at: Date.now(), ttl: PRICE_TTL_MS, price: Promise.resolve({ sellable: false, price: null }) };
  entry.price = billing.stripe.prices.retrieve(id).then(
    (p) => {
      // An inactive price, or one of another interval than it is configured for, cannot be sold as this plan and interval.
      if (!p.active || p.recurring?.interval !== interval) return { sellable: false, price: null };
      // Only a flat price shows an amount; a tiered one is sold at Checkout, with no amount here.
      if (p.unit_amount === null) return { sellable: true, price: null };
      return { sellable: true, price: { interval, amount: p.unit_amount, currency: p.currency.toUpperCase(), taxIncluded: p.tax_behavior === 'inclusive' } };
    },
    (err: unknown) => {
      entry.ttl = FAILURE_MS;
      log?.warn({ err, price: id }, 'plan price not read from Stripe');
      return { sellable: false, price: null };
    },
  );
  prices.set(id, entry);
  return entry.price;
}

const INTERVALS = ['month', 'year'] as const;

/**
 * The plans, their prices, and whether each paid plan can be bought per interval on this server (GET /api/billing/plans):
 * not without payments (BILLING_NOT_CONFIGURED), not without a price id for it (PRICE_NOT_CONFIGURED), not when Stripe
 * does not hold that price as active in that interval or cannot be read (PRICE_UNAVAILABLE; read again after FAILURE_MS).
 */
export async function planPrices({ billing, familyMaxMembers, log }: { billing: BillingConfig | undefined; familyMaxMembers: number; log?: { warn(obj: object, msg: string): void } }): Promise<PlansResponse> {
  const offerOf = async (plan: PaidPlan, interval: BillingInterval): Promise<{ purchase: PlanPurchase; price: PlanPrice | null }> => {
    const blocked = (reason: PlanPurchase['reason']) => ({ purchase: { interval, purchasable: false, reason }, price: null });
    if (!billing) return blocked('BILLING_NOT_CONFIGURED');
    const id = billing.prices[plan][interval];
    if (!id) return blocked('PRICE_NOT_CONFIGURED');
    const read = await readPrice(billing, id, interval, log);
    return read.sellable ? { purchase: { interval, purchasable: true, reason: null }, price: read.price } : blocked('PRICE_UNAVAILABLE');
  };
  const plans = await Promise.all(
    PLAN_IDS.map(async (plan) => {
      if (plan === 'free') return { plan, prices: [], purchase: [] };
      const offers = await Promise.all(INTERVALS.map((interval) => offerOf(plan, interval)));
      return { plan, prices: offers.flatMap((o) => (o.price ? [o.price] : [])), purchase: offers.map((o) => o.purchase) };
    }),
  );
  return { billingConfigured: Boolean(billing), familyMaxMembers, plans };
}
