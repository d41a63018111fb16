import type { PlanPurchase, PlansResponse } from '@grandline/core/contracts/billing';
import { describe, expect, it } from 'vitest';
import { blockedReason, formatPlanAmount, minorDigits, priceOf, soldYearly, yearlySaving } from './plan-prices';

const price = (interval: 'month' | 'year', amount: number, currency = 'EUR', taxIncluded = true) => ({ interval, amount, currency, taxIncluded });

type Reason = PlanPurchase['reason'];
const purchase = (month: Reason | 'sold', year: Reason | 'sold'): PlanPurchase[] =>
  (['month', 'year'] as const).map((interval, i) => {
    const r = [month, year][i]!;
    return r === 'sold' ? { interval, purchasable: true, reason: null } : { interval, purchasable: false, reason: r };
  });

const SOLD: PlansResponse = {
  billingConfigured: true,
  familyMaxMembers: 5,
  plans: [
    { plan: 'free', prices: [], purchase: [] },
    { plan: 'hobby', prices: [price('month', 499), price('year', 4990)], purchase: purchase('sold', 'sold') },
    { plan: 'family', prices: [price('month', 899)], purchase: purchase('sold', 'PRICE_NOT_CONFIGURED') },
  ],
};
const off = purchase('BILLING_NOT_CONFIGURED', 'BILLING_NOT_CONFIGURED');
const OFF: PlansResponse = {
  billingConfigured: false,
  familyMaxMembers: 5,
  plans: [
    { plan: 'free', prices: [], purchase: [] },
    { plan: 'hobby', prices: [], purchase: off },
    { plan: 'family', prices: [], purchase: off },
  ],
};

describe('plan prices', () => {
  it('finds a plan’s price for an interval, and none where it is not sold or not loaded', () => {
    expect(priceOf(SOLD, 'hobby', 'year')).toEqual(price('year', 4990));
    expect(priceOf(SOLD, 'family', 'year')).toBeNull();
    expect(priceOf(SOLD, 'free', 'month')).toBeNull();
    expect(priceOf(OFF, 'hobby', 'month')).toBeNull();
    expect(priceOf(undefined, 'hobby', 'month')).toBeNull();
  });

  it("says why a plan cannot be bought here from the server's reason, and nothing when it can or is not known", () => {
    expect(blockedReason(SOLD, 'hobby', 'month')).toBeNull();
    expect(blockedReason(SOLD, 'free', 'month')).toBeNull();
    expect(blockedReason(undefined, 'hobby', 'month')).toBeNull();
    // Family is sold monthly only: yearly is "not billed yearly".
    expect(blockedReason(SOLD, 'family', 'year')).toBe('notSold.year');
    expect(blockedReason(OFF, 'hobby', 'month')).toBe('notOnSale');
    // No price id in either interval: simply not on sale here.
    const none = { ...SOLD, plans: [{ plan: 'family' as const, prices: [], purchase: purchase('PRICE_NOT_CONFIGURED', 'PRICE_NOT_CONFIGURED') }] };
    expect(blockedReason(none, 'family', 'month')).toBe('notOnSale');
    const unreadable = { ...SOLD, plans: [{ plan: 'hobby' as const, prices: [], purchase: purchase('PRICE_UNAVAILABLE', 'sold') }] };
    expect(blockedReason(unreadable, 'hobby', 'month')).toBe('unavailable');
  });

  it('offers the yearly switch only when some plan is sold yearly', () => {
    expect(soldYearly(SOLD)).toBe(true);
    expect(soldYearly(OFF)).toBe(false);
    expect(soldYearly(undefined)).toBe(false);
    expect(soldYearly({ ...SOLD, plans: [{ plan: 'hobby', prices: [price('month', 499)], purchase: purchase('sold', 'PRICE_NOT_CONFIGURED') }] })).toBe(false);
  });

  it("writes a currency of ours as every price is written, in the currency's own locale whatever the language", () => {
    expect(formatPlanAmount(499, 'EUR', 'en-US')).toBe('4,99\u00a0€');
    expect(formatPlanAmount(499, 'EUR', 'es-ES')).toBe('4,99\u00a0€');
    expect(formatPlanAmount(4990, 'EUR', 'pt-BR')).toBe('49,90\u00a0€');
    expect(formatPlanAmount(1999, 'BRL', 'en-US')).toBe('R$\u00a019,99');
    expect(formatPlanAmount(499, 'USD', 'pt-BR')).toBe('$4.99');
    expect(formatPlanAmount(800, 'JPY', 'en-US')).toBe('￥800.00');
  });

  it('writes another currency in the user’s locale, a whole amount without decimals, and knows currencies without minor units', () => {
    expect(formatPlanAmount(499, 'CHF', 'en-US')).toBe('CHF\u00a04.99');
    expect(formatPlanAmount(5000, 'CHF', 'en-US')).toBe('CHF\u00a050');
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('EUR')).toBe(2);
    expect(formatPlanAmount(800, 'KRW', 'en-US')).toBe('₩800');
  });

  it('falls back to the code after the number for a currency Intl does not accept', () => {
    expect(minorDigits('NOT-A-CODE')).toBe(2);
    expect(formatPlanAmount(499, 'NOT-A-CODE', 'en-US')).toBe('4.99 NOT-A-CODE');
  });

  it('says what a year saves against twelve months, rounded down, only when the prices compare', () => {
    expect(yearlySaving(price('month', 499), price('year', 4990))).toBe(16); // 49.90 vs 59.88: 16.67 %
    expect(yearlySaving(price('month', 899), price('year', 8990))).toBe(16);
    expect(yearlySaving(price('month', 500), price('year', 6000))).toBeNull();
    expect(yearlySaving(price('month', 500), price('year', 7000))).toBeNull();
    expect(yearlySaving(price('month', 499), price('year', 4990, 'USD'))).toBeNull();
    expect(yearlySaving(price('month', 499), price('year', 4990, 'EUR', false))).toBeNull();
    expect(yearlySaving(null, price('year', 4990))).toBeNull();
    expect(yearlySaving(price('month', 0), price('year', 0))).toBeNull();
  });
});
