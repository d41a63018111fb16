import { z } from 'zod';
import { MARKETPLACE_IDS, type MarketplaceId } from '../marketplaces';
import { Card } from './cards';
import { INT32_MAX } from './common';
import { Currency, Market, PriceType } from './prices';

/*
 * The price comparison report (spec §2 price comparison, §5 comparison rules, §8 report messages, issue 15): over the
 * prints of a scope — a binder, all Personal binders (the portfolio) or a deck — the reference market's price beside
 * the lowest price among the compared markets. Amounts are integer hundredths of `currency` (its minor units as
 * every price contract of the app counts them); bounds travel as the user typed them (12.5).
 */

/** A binder or deck id: ours are text (UUIDs, deck slugs); a number is accepted as the id's text (and is then simply not found). */
const ItemId = (message: string) => z.union([z.string(message).trim().min(1, message).max(64, message), z.number(message).int(message).min(1, message).max(INT32_MAX, message).transform(String)]);

const SELECTION_REQUIRED = 'validation.reportSelectionRequired';

/** What the report covers: one binder of the user, every Personal binder (the portfolio), or a deck the user may read. */
export const ReportScope = z.union(
  [
    z.object({ binderId: ItemId(SELECTION_REQUIRED) }).strict(),
    z.object({ deckId: ItemId(SELECTION_REQUIRED) }).strict(),
    z.object({ portfolio: z.literal(true, SELECTION_REQUIRED) }).strict(),
  ],
  SELECTION_REQUIRED,
);
export type ReportScope = z.infer<typeof ReportScope>;

const REPORT_SORTS = ['differencePct', 'difference', 'referencePrice', 'lowestPrice', 'card', 'totalSaving'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** Rows per page, and the most one page may ask for. */
const REPORT_PAGE_SIZE = 25;
const MAX_REPORT_PAGE_SIZE = 100;
/** The largest price bound accepted (10 million in any currency), as for a watch's threshold. */
const MAX_REPORT_BOUND = 10_000_000;

const Bound = z.number('validation.priceBoundInvalid').finite('validation.priceBoundInvalid').min(0, 'validation.priceBoundInvalid').max(MAX_REPORT_BOUND, 'validation.priceBoundInvalid');

export const PriceComparisonRequest = z
  .object({
    scope: ReportScope.nullish(),
    reference: z.enum(MARKETPLACE_IDS, 'validation.reportReferenceMissing').nullish(),
    compareAgainst: z.array(z.enum(MARKETPLACE_IDS, 'validation.reportMarketsMissing'), 'validation.reportMarketsMissing').max(MARKETPLACE_IDS.length * 2, 'validation.reportMarketsMissing').default([]),
    priceType: PriceType.default('min'),
    /** Only rows whose reference price is at least this much (in %) over the lowest; null: every row, however it compares. */
    minDifferencePct: z.number('validation.reportDifferenceInvalid').finite('validation.reportDifferenceInvalid').min(-1_000_000, 'validation.reportDifferenceInvalid').max(100, 'validation.reportDifferenceInvalid').nullable().default(0),
    /** Only prints whose reference price lies in this range (major units of `currency`, both ends included). */
    referenceMin: Bound.nullable().default(null),
    referenceMax: Bound.nullable().default(null),
    currency: Currency.default('USD'),
    page: z.number('validation.invalidPage').int('validation.invalidPage').min(1, 'validation.invalidPage').max(100_000, 'validation.invalidPage').default(1),
    pageSize: z.number('validation.invalidPage').int('validation.invalidPage').min(1, 'validation.invalidPage').max(MAX_REPORT_PAGE_SIZE, 'validation.invalidPage').default(REPORT_PAGE_SIZE),
    sort: z.enum(REPORT_SORTS, 'validation.reportSortInvalid').default('differencePct'),
    order: z.enum(['asc', 'desc'], 'validation.reportSortInvalid').default('desc'),
  })
  // Spec §5: a reference marketplace, at least one compare-against market, and a selected collection or deck. The
  // checks come in the order the form shows them, each on its own field (the first issue is the message).
  .superRefine((v, ctx) => {
    if (!v.scope) ctx.addIssue({ code: 'custom', path: ['scope'], message: SELECTION_REQUIRED });
    if (!v.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'validation.reportReferenceMissing' });
    if (!v.compareAgainst.some((m) => m !== v.reference)) ctx.addIssue({ code: 'custom', path: ['compareAgainst'], message: 'validation.reportMarketsMissing' });
    if (v.referenceMin !== null && v.referenceMax !== null && v.referenceMin > v.referenceMax) ctx.addIssue({ code: 'custom', path: ['referenceMax'], message: 'validation.priceRange' });
  });
export type PriceComparisonRequest = z.input<typeof PriceComparisonRequest>;
/** A checked request: scope and reference are there (the refinement above). */
export type PriceComparisonParams = Omit<z.output<typeof PriceComparisonRequest>, 'scope' | 'reference'> & { scope: ReportScope; reference: MarketplaceId };

export const PriceComparisonRow = z.object({
  cardId: z.number().int(),
  /** The reference market's price of the print (hundredths of `currency`). */
  referencePrice: z.number().int(),
  /** The lowest price among the compared markets, and the market that asks it (the first in list order on a tie). */
  lowestPrice: z.number().int(),
  lowestMarket: Market,
  /** referencePrice − lowestPrice: what buying on lowestMarket saves per copy (negative: the reference is cheaper). */
  difference: z.number().int(),
  /** difference as a percentage of referencePrice, to two decimals. */
  differencePct: z.number(),
  card: Card,
  /** Copies of the print in the scope. */
  quantity: z.number().int(),
  /** difference × quantity: what buying the scope's copies on lowestMarket saves in all (negative: the reference is cheaper). */
  totalSaving: z.number().int(),
  /** Each compared market's price of the print (null: none), the reference's included. */
  prices: z.record(z.string(), z.number().int().nullable()),
  /** Whether a price shown is an estimate (br from us) or a demo price. */
  estimate: z.boolean(),
  demo: z.boolean(),
});
export type PriceComparisonRow = z.infer<typeof PriceComparisonRow>;

export const ReportUsage = z.object({
  /** Reports allowed per UTC ISO week on the user's plan (null: unlimited), run this week, and left. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  /** When the weekly count starts again: next Monday 00:00 UTC (ISO 8601). */
  resetsAt: z.string(),
  /** Rows a report shows on the plan (a preview without pagination), or null for every row with pagination. */
  previewRows: z.number().int().nullable(),
  /** CSV exports allowed per UTC calendar month (null: unlimited), made this month, and left. */
  exportLimit: z.number().int().nullable(),
  exportsUsed: z.number().int(),
  exportsRemaining: z.number().int().nullable(),
});
export type ReportUsage = z.infer<typeof ReportUsage>;

export const PriceComparisonResponse = z.object({
  /** The run, for its CSV export (POST /api/reports/price-comparison/{id}/export); null when it found nothing (not counted). */
  reportId: z.string().nullable(),
  rows: z.array(PriceComparisonRow),
  /** Rows that pass the filters (all of them, also when only a preview is shown). */
  total: z.number().int(),
  /** Reports left this week after this one (null: unlimited). */
  remaining: z.number().int().nullable(),
  /** True when the plan shows only the first rows, without pagination. */
  preview: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: Currency,
  priceType: PriceType,
  reference: Market,
  compareAgainst: z.array(Market),
  /** Prints of the scope, and those left out for want of a reference price or of any compared price. */
  scopePrints: z.number().int(),
  unpriced: z.number().int(),
  usage: ReportUsage,
});
export type PriceComparisonResponse = z.infer<typeof PriceComparisonResponse>;

/** What a kept report was asked (its request without the page): the form it reopens in. */
export const PriceComparisonReportParams = z.object({
  scope: ReportScope,
  reference: Market,
  compareAgainst: z.array(Market),
  priceType: PriceType,
  minDifferencePct: z.number().nullable(),
  referenceMin: z.number().nullable(),
  referenceMax: z.number().nullable(),
  currency: Currency,
  sort: z.enum(REPORT_SORTS),
  order: z.enum(['asc', 'desc']),
});
export type PriceComparisonReportParams = z.infer<typeof PriceComparisonReportParams>;

/**
 * The week's report (GET /api/reports/price-comparison/latest, issue 46): the latest report that found rows this UTC
 * ISO week — its parameters and the rows it answered (the preview on Free), not run again — and whether a new one
 * may run now. It is kept until the week resets (`resetsAt`).
 */
export const PriceComparisonLatest = z.object({
  report: z
    .object({
      /** When it ran (ISO 8601). */
      ranAt: z.string(),
      params: PriceComparisonReportParams,
      /** The answer as it was given (prices of that moment); `remaining` and `usage` as they are now. */
      result: PriceComparisonResponse,
    })
    .nullable(),
  /** False when the plan's weekly reports are used up (then a run answers 403 PLAN_LIMIT until `resetsAt`). */
  runAllowed: z.boolean(),
  /** When the week's count starts again: next Monday 00:00 UTC (ISO 8601). */
  resetsAt: z.string(),
  usage: ReportUsage,
});
export type PriceComparisonLatest = z.infer<typeof PriceComparisonLatest>;

export const ReportIdParam = z.object({ id: z.uuid('validation.reportIdInvalid') });
