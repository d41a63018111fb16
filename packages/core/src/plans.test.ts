import { describe, expect, it } from 'vitest';
import { effectivePlan, higherPlan, mayOwnFamily, isoWeekStart, LOCKED_FEATURES, MAX_BINDERS_PER_USER, MAX_CARDS_PER_BINDER, MAX_DECKS_PER_USER, MAX_OPEN_TRADES_PER_USER, MAX_SAVED_SEARCHES_PER_USER, monthStart, nextIsoWeekStart, nextMonthStart, planLimits, subscriptionGrants } from './plans';

const at = (iso: string) => new Date(iso);

describe('plan periods (UTC)', () => {
  it('starts an ISO week on Monday 00:00 UTC', () => {
    // 2026-11-26 is a Thursday; its week began on Monday the 23rd.
    expect(isoWeekStart(at('2026-11-26T15:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeekStart(at('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Sunday late is still the week that began six days before.
    expect(isoWeekStart(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextIsoWeekStart(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('crosses month and year ends (ISO week 1 of 2027 begins on Monday 2027-01-04)', () => {
    expect(isoWeekStart(at('2027-01-01T12:00:00Z')).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect(nextIsoWeekStart(at('2027-01-03T23:00:00Z')).toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });

  it('is UTC, not the local day: 23:30 on Sunday in São Paulo is already Monday in UTC', () => {
    expect(isoWeekStart(at('2026-11-29T23:30:00-03:00')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('counts calendar months in UTC', () => {
    expect(monthStart(at('2026-12-31T23:59:59Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextMonthStart(at('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(at('2027-01-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('the plan in effect', () => {
  const now = at('2026-11-26T12:00:00Z');
  const sub = (status: 'active' | 'trialing' | 'past_due' | 'canceled', end: string | null, plan: 'hobby' | 'family' = 'hobby') => ({ plan, status, end: end ? at(end) : null });

  it('is Free with neither a subscription nor a grant', () => {
    expect(effectivePlan({ subscription: null, complimentary: null }, now)).toBe('free');
    expect(planLimits('free').watches).toBe(3);
    expect(planLimits('hobby').watches).toBeNull();
  });

  it('follows the subscription through its states (spec §4)', () => {
    expect(subscriptionGrants(sub('active', null), now)).toBe(true);
    expect(subscriptionGrants(sub('trialing', '2026-12-01T00:00:00Z'), now)).toBe(true);
    // A renewal that failed and is retried: still the plan, whatever the end says.
    expect(subscriptionGrants(sub('past_due', '2026-11-20T00:00:00Z'), now)).toBe(true);
    // Cancelled: the period paid for, up to the second.
    expect(subscriptionGrants(sub('canceled', '2026-11-26T12:00:01Z'), now)).toBe(true);
    expect(subscriptionGrants(sub('canceled', '2026-11-26T12:00:00Z'), now)).toBe(false);
    expect(subscriptionGrants(sub('canceled', null), now)).toBe(false);
    expect(effectivePlan({ subscription: sub('canceled', '2026-11-01T00:00:00Z', 'family'), complimentary: null }, now)).toBe('free');
  });

  it('takes the higher of a subscription and a complimentary plan', () => {
    expect(higherPlan('hobby', 'family')).toBe('family');
    expect(higherPlan('family', 'free')).toBe('family');
    expect(effectivePlan({ subscription: sub('active', null, 'hobby'), complimentary: 'family' }, now)).toBe('family');
    expect(effectivePlan({ subscription: sub('active', null, 'family'), complimentary: 'hobby' }, now)).toBe('family');
    expect(effectivePlan({ subscription: sub('canceled', null, 'family'), complimentary: 'hobby' }, now)).toBe('hobby');
  });
});

describe('what each plan allows', () => {
  it('gives Free finite limits and Hobby and Family none (the hard caps aside)', () => {
    const free = planLimits('free');
    for (const key of ['watches', 'comparisonReportsPerWeek', 'csvExportsPerMonth', 'binders', 'decks', 'cardsPerBinder', 'savedSearches', 'tradeProposals'] as const) {
      expect(free[key], key).toBeGreaterThan(0);
      expect(planLimits('hobby')[key], key).toBeNull();
    }
    expect([free.privateItems, free.advancedStatistics]).toEqual([false, false]);
    expect(planLimits('family')).toEqual(planLimits('hobby'));
    // Under every hard cap, so a Free user meets the plan's prompt, not the cap's 400.
    expect(free.binders!).toBeLessThan(MAX_BINDERS_PER_USER);
    expect(free.decks!).toBeLessThan(MAX_DECKS_PER_USER);
    expect(free.cardsPerBinder!).toBeLessThan(MAX_CARDS_PER_BINDER);
    expect(free.savedSearches).toBe(3);
    expect(free.savedSearches!).toBeLessThan(MAX_SAVED_SEARCHES_PER_USER);
    expect(free.tradeProposals).toBe(3);
    expect(free.tradeProposals!).toBeLessThan(MAX_OPEN_TRADES_PER_USER);
  });

  it('names the Free numbers in the locked-feature messages, and asks for a Hobby Plan subscription (spec §6)', () => {
    expect(LOCKED_FEATURES.binders).toBe('More than 10 binders requires a Hobby Plan subscription');
    expect(LOCKED_FEATURES.savedSearches).toBe('More than 3 saved searches requires a Hobby Plan subscription');
    expect(LOCKED_FEATURES.tradeProposals).toBe('More than 3 open trade proposals requires a Hobby Plan subscription');
    expect(LOCKED_FEATURES.cardsPerBinder).toBe('More than 2,500 cards in a binder requires a Hobby Plan subscription');
    for (const [feature, text] of Object.entries(LOCKED_FEATURES)) {
      if (feature !== 'comparisonReports' && feature !== 'family') expect(text, feature).toMatch(/requires? a Hobby Plan subscription$/);
    }
  });
});

describe('family plans', () => {
  const now = at('2026-11-26T12:00:00Z');
  const family = { subscription: { plan: 'family' as const, status: 'active' as const, end: null }, complimentary: null };
  it("gives a member Hobby while the owner's own plan is Family, and nothing after", () => {
    expect(effectivePlan({ subscription: null, complimentary: null, familyOwner: family }, now)).toBe('hobby');
    expect(effectivePlan({ subscription: null, complimentary: null, familyOwner: { subscription: null, complimentary: 'family' } }, now)).toBe('hobby');
    expect(effectivePlan({ subscription: null, complimentary: null, familyOwner: { subscription: null, complimentary: 'hobby' } }, now)).toBe('free');
    const lapsed = { subscription: { plan: 'family' as const, status: 'canceled' as const, end: at('2026-11-01T00:00:00Z') }, complimentary: null };
    expect(effectivePlan({ subscription: null, complimentary: null, familyOwner: lapsed }, now)).toBe('free');
    // A member with their own Family keeps it.
    expect(effectivePlan({ subscription: null, complimentary: 'family', familyOwner: family }, now)).toBe('family');
  });
  it('lets only a user whose own plan is Family own a family', () => {
    expect(mayOwnFamily(family, now)).toBe(true);
    expect(mayOwnFamily({ subscription: null, complimentary: null, familyOwner: family }, now)).toBe(false);
  });
});
