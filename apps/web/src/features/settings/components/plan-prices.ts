import type { PlanPrice, PlanPurchase, PlansResponse } from '@grandline/core/contracts/billing';
import { numberFormat } from '@grandline/core/intl';
import { isCurrencyCode } from '@grandline/core/money/currencies';
import { formatMoney } from '@grandline/core/money/money';
import type { PlanId } from '@grandline/core/plans';

export type Interval = PlanPrice['interval'];

/** The price a plan is sold at for a billing interval on this server, or null (none: payments off, or not sold so). */
export function priceOf(plans: PlansResponse | undefined, plan: PlanId, interval: Interval): PlanPrice | null {
  return plans?.plans.find((p) => p.plan === plan)?.prices.find((p) => p.interval === interval) ?? null;
}

/** Whether some plan is sold yearly (the pricing offers the monthly/yearly switch only then). */
export const soldYearly = (plans: PlansResponse | undefined) => Boolean(plans?.plans.some((p) => p.prices.some((price) => price.interval === 'year')));

/** Whether a paid plan can be bought for an interval on this server, and why not; null for Free or while unknown. */
export function purchaseOf(plans: PlansResponse | undefined, plan: PlanId, interval: Interval): PlanPurchase | null {
  return plans?.plans.find((p) => p.plan === plan)?.purchase.find((p) => p.interval === interval) ?? null;
}

/** Why a plan cannot be bought here, as the pricing and Settings → Subscription say it (their `notOnSale`, `notSold.*`, `unavailable` texts). */
export type BlockedReason = 'notOnSale' | 'notSold.month' | 'notSold.year' | 'unavailable';

/**
 * Why a plan cannot be bought for an interval on this server, from the server's reason code, or null when it can (or
 * is not known yet): payments not set up, or the plan sold in no interval → not on sale; sold in the other interval
 * only → not billed so; the configured price not sellable now → not available right now.
 */
export function blockedReason(plans: PlansResponse | undefined, plan: PlanId, interval: Interval): BlockedReason | null {
  const purchase = purchaseOf(plans, plan, interval);
  if (!purchase || purchase.purchasable) return null;
  if (purchase.reason === 'PRICE_UNAVAILABLE') return 'unavailable';
  const soldOtherwise = plans?.plans.find((p) => p.plan === plan)?.purchase.some((p) => p.purchasable);
  return purchase.reason === 'PRICE_NOT_CONFIGURED' && soldOtherwise ? `notSold.${interval}` : 'notOnSale';
}

/** The currency's minor-unit digits (EUR 2, JPY 0), as Intl knows them; 2 for a code Intl does not accept. */
export function minorDigits(currency: string): number {
  try {
    return numberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount in minor units (as Stripe and GET /api/billing/plans give it). A currency of ours is written as every price
 * of the interface is, by core's formatMoney in the currency's own locale (Stripe's minor units are ISO's for all ten):
 * 499 EUR → "4,99 €" in every language. A currency Stripe sells in that we do not list (CHF) is written in the user's
 * locale, a whole amount without decimals (5000 CHF → "CHF 50").
 */
export function formatPlanAmount(amount: number, currency: string, locale: string): string {
  if (isCurrencyCode(currency)) return formatMoney(amount, currency);
  const digits = minorDigits(currency);
  const major = amount / 10 ** digits;
  const fraction = Number.isInteger(major) ? 0 : digits;
  try {
    return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(major);
  } catch {
    return `${numberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(major)} ${currency}`;
  }
}

/**
 * What paying yearly saves against twelve monthly payments, as a whole percentage rounded down (never overstated), or
 * null when there is nothing to compare (a price missing, other currencies or tax treatments) or no saving.
 */
export function yearlySaving(month: PlanPrice | null, year: PlanPrice | null): number | null {
  if (!month || !year || month.currency !== year.currency || month.taxIncluded !== year.taxIncluded || month.amount <= 0) return null;
  const percent = Math.floor((1 - year.amount / (month.amount * 12)) * 100);
  return percent > 0 ? percent : null;
}
