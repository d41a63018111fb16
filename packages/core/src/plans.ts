/**
 * The plans and what each allows (spec §1, §6, §9): the one source the server's gates and the web app's prompts read.
 * A user's plan is the higher of their subscription's and a complimentary plan an admin granted (`effectivePlan`);
 * Free when they have neither. A limit of null means unlimited.
 */
export const PLAN_IDS = ['free', 'hobby', 'family'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Higher plans include everything of the lower ones. */
const PLAN_RANK: Record<PlanId, number> = { free: 0, hobby: 1, family: 2 };
export const higherPlan = (a: PlanId, b: PlanId): PlanId => (PLAN_RANK[b] > PLAN_RANK[a] ? b : a);

/** Spec §4: the states of a subscription. */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a user's stored subscription says, as far as the plan goes. */
export interface SubscriptionFacts {
  /** The paid plan (hobby or family), from the subscribed product. */
  plan: PlanId;
  status: SubscriptionStatus;
  /** When the paid period ends (renewal, or the end of a cancelled one); null when unknown. */
  end: Date | null;
}

/**
 * Whether a subscription gives its plan now: active and trialing do, and past_due too (the payment is being retried:
 * the user keeps the plan through the grace period); canceled does until the period that was paid for ends.
 */
export function subscriptionGrants(sub: SubscriptionFacts, now: Date): boolean {
  if (sub.status === 'canceled') return sub.end !== null && sub.end.getTime() > now.getTime();
  return true;
}

/** What gives a user a plan: their subscription, an admin's complimentary plan, and the family they belong to. */
export interface PlanSources {
  subscription: SubscriptionFacts | null;
  complimentary: PlanId | null;
  /** The sources of the owner of the family the user is a member of (the owner's own, never their family's). */
  familyOwner?: { subscription: SubscriptionFacts | null; complimentary: PlanId | null } | null;
}

const ownPlan = ({ subscription, complimentary }: { subscription: SubscriptionFacts | null; complimentary: PlanId | null }, now: Date): PlanId => {
  const paid = subscription && subscriptionGrants(subscription, now) ? subscription.plan : 'free';
  return higherPlan(paid, complimentary ?? 'free');
};

/**
 * The plan a user is on: the higher of their subscription's (while it grants it) and a complimentary one, and Hobby
 * when they are a member of a family whose owner is on Family now; Free with none of these.
 */
export function effectivePlan(sources: PlanSources, now: Date): PlanId {
  const fromFamily: PlanId = sources.familyOwner && ownPlan(sources.familyOwner, now) === 'family' ? 'hobby' : 'free';
  return higherPlan(ownPlan(sources, now), fromFamily);
}

/** Whether a user may own a family (invite members): their own plan is Family (a member's Hobby does not count). */
export const mayOwnFamily = (sources: PlanSources, now: Date) => ownPlan(sources, now) === 'family';

export interface PlanLimits {
  /** Price alerts (watches) a user may have at once. */
  watches: number | null;
  /** Price comparison reports per UTC ISO week. */
  comparisonReportsPerWeek: number | null;
  /** Rows a comparison report shows (a preview without pagination), or null for all with pagination. */
  comparisonPreviewRows: number | null;
  /** CSV exports per UTC calendar month (comparison reports and binders alike). */
  csvExportsPerMonth: number | null;
  /** Binders a user may have (the wishlist not counted). */
  binders: number | null;
  /** Decks a user may have. */
  decks: number | null;
  /** Copies of cards one binder may hold. */
  cardsPerBinder: number | null;
  /** Saved searches (issue 42) a user may keep; each tells its owner when new cards match it. */
  savedSearches: number | null;
  /** Trade proposals (issue 44) a user may have open at once as their proposer (proposed or accepted). */
  tradeProposals: number | null;
  /** Whether binders can be made private (spec §6's "private collections"; Free: public binders). Decks are private by default on every plan (ADR 021). */
  privateItems: boolean;
  /** Whether the advanced statistics (collection value history, set completion) are open. */
  advancedStatistics: boolean;
}

const UNLIMITED: PlanLimits = {
  watches: null,
  comparisonReportsPerWeek: null,
  comparisonPreviewRows: null,
  csvExportsPerMonth: null,
  binders: null,
  decks: null,
  cardsPerBinder: null,
  savedSearches: null,
  tradeProposals: null,
  privateItems: true,
  advancedStatistics: true,
};

export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  // Spec §9: 3 price alerts, 1 comparison report a week with a preview of 3 results, 1 CSV export a month. Binders,
  // decks and cards per binder are ours to choose (the spec only says Hobby lifts them): generous, so Free is a real
  // collection tool (ADR 017).
  free: {
    watches: 3,
    comparisonReportsPerWeek: 1,
    comparisonPreviewRows: 3,
    csvExportsPerMonth: 1,
    binders: 10,
    decks: 25,
    cardsPerBinder: 2_500,
    // Issue 42: Free keeps 3 saved searches, Hobby unlimited.
    savedSearches: 3,
    // Issue 44: Free may have 3 open trade proposals at once, Hobby and Family unlimited.
    tradeProposals: 3,
    privateItems: false,
    advancedStatistics: false,
  },
  hobby: UNLIMITED,
  family: UNLIMITED,
};

export const planLimits = (plan: PlanId): PlanLimits => PLAN_LIMITS[plan];

/** The value history every plan shows; longer ranges (90, 365 days) are advanced statistics. */
export const FREE_HISTORY_DAYS = 30;

/** 2500 → "2,500" without Intl: this runs when the module loads, and a browser's first Intl call costs ~50 ms. */
function count(n: number | null): string {
  const digits = String(Math.trunc(n ?? 0));
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return out;
}

/** The features a plan can lock, each with the text of its locked-feature prompt (spec §6: it needs a Hobby Plan). */
export const LOCKED_FEATURES = {
  watches: 'Watching more than 3 prices requires a Hobby Plan subscription',
  comparisonReports: 'Free plan allows 1 report per week. Upgrade to continue.',
  csvExports: 'More than 1 CSV export a month requires a Hobby Plan subscription',
  binders: `More than ${count(PLAN_LIMITS.free.binders)} binders requires a Hobby Plan subscription`,
  decks: `More than ${count(PLAN_LIMITS.free.decks)} decks requires a Hobby Plan subscription`,
  cardsPerBinder: `More than ${count(PLAN_LIMITS.free.cardsPerBinder)} cards in a binder requires a Hobby Plan subscription`,
  savedSearches: `More than ${count(PLAN_LIMITS.free.savedSearches)} saved searches requires a Hobby Plan subscription`,
  tradeProposals: `More than ${count(PLAN_LIMITS.free.tradeProposals)} open trade proposals requires a Hobby Plan subscription`,
  privateItems: 'Private binders require a Hobby Plan subscription',
  advancedStatistics: 'Advanced statistics require a Hobby Plan subscription',
  family: 'Family sharing requires a Family Plan subscription',
} as const;
export type LockedFeature = keyof typeof LOCKED_FEATURES;

/**
 * Hard caps that hold on every plan, so no loop over a user's data is unbounded ("unlimited" is generous, not
 * infinite): far above what a collector uses.
 */
export const MAX_WATCHES_PER_USER = 1000;
export const MAX_BINDERS_PER_USER = 1000;
export const MAX_DECKS_PER_USER = 5000;
/** Saved searches one user may keep on any plan: each is evaluated against every import's new cards. */
export const MAX_SAVED_SEARCHES_PER_USER = 100;
/** Trade proposals one user may have open at once (as proposer) on any plan. */
export const MAX_OPEN_TRADES_PER_USER = 200;
/** Copies one binder may hold on any plan (an import of 50,000 rows of a few copies each fits). */
export const MAX_CARDS_PER_BINDER = 1_000_000;
/** The members a family plan's owner may invite besides themselves (FAMILY_MAX_MEMBERS overrides it on the server). */
export const DEFAULT_FAMILY_MAX_MEMBERS = 5;

/* ---- The periods plan counters run over, in UTC (exact whatever replica or time zone counts) ---- */

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the ISO week holding `now` (ISO weeks start on Monday). */
export function isoWeekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** Monday 00:00 UTC of the next ISO week: when a weekly count starts again. */
export const nextIsoWeekStart = (now: Date) => new Date(isoWeekStart(now).getTime() + 7 * DAY_MS);

/** The 1st 00:00 UTC of the calendar month holding `now`, and of the next one. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
export const nextMonthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
