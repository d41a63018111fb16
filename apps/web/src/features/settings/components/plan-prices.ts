import type { PlanPrice, PlansResponse } from '@grandline/core/contracts/billing';
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
