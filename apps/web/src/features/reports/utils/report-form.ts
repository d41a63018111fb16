import { PriceComparisonRequest, type PriceComparisonReportParams, type PriceComparisonRow, type ReportScope, type ReportSort } from '@grandline/core/contracts/reports';
import { MARKETPLACES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/*
 * The price comparison form (spec §2, §5): what the user typed, the request it makes, the form a kept report reopens in
 * (issue 46: an empty minimum difference stays empty), and the messages of a failed run.
 */

export type FieldName = 'scope' | 'reference' | 'compareAgainst' | 'minDifferencePct' | 'referenceMin' | 'referenceMax';
export const FIELD_ORDER: FieldName[] = ['scope', 'reference', 'compareAgainst', 'minDifferencePct', 'referenceMin', 'referenceMax'];

export interface ReportForm {
  /** 'portfolio', 'binder:<id>' or 'deck:<id>'. */
  scope: string;
  reference: MarketplaceId | '';
  compareAgainst: MarketplaceId[];
  priceType: PriceType;
  minDifferencePct: string;
  referenceMin: string;
  referenceMax: string;
}

export type FieldErrors = Partial<Record<FieldName, string>>;

/** A new form: the user's marketplace against every other one, every card at least as cheap elsewhere. */
export const newForm = (marketplace: MarketplaceId, priceType: PriceType): ReportForm => ({
  scope: 'portfolio',
  reference: marketplace,
  compareAgainst: MARKETPLACES.map((m) => m.id).filter((m) => m !== marketplace),
  priceType,
  minDifferencePct: '0',
  referenceMin: '',
  referenceMax: '',
});

/** A typed number ('12,5' as well as '12.5'); '' is null; anything else is NaN (the schema's message then). */
const numberOf = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** A number as the field shows it: null is an empty field. */
const textOf = (value: number | null) => (value === null ? '' : String(value));

function scopeOf(key: string): ReportScope | null {
  if (key === 'portfolio') return { portfolio: true as const };
  const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (kind === 'binder' && id) return { binderId: id };
  if (kind === 'deck' && id) return { deckId: id };
  return null;
}

const scopeKey = (scope: ReportScope) => ('binderId' in scope ? `binder:${scope.binderId}` : 'deckId' in scope ? `deck:${scope.deckId}` : 'portfolio');

/** The form a kept report was asked with (its empty fields empty). */
export const formOf = (params: PriceComparisonReportParams): ReportForm => ({
  scope: scopeKey(params.scope),
  reference: params.reference,
  compareAgainst: params.compareAgainst.filter((m) => m !== params.reference),
  priceType: params.priceType,
  minDifferencePct: textOf(params.minDifferencePct),
  referenceMin: textOf(params.referenceMin),
  referenceMax: textOf(params.referenceMax),
});

/** The request a kept report was asked with (its first page), to page or sort it again. */
export const requestOfParams = (params: PriceComparisonReportParams): PriceComparisonRequest => ({ ...params, page: 1 });

/** The request of a form, or the first message of each field that is wrong (message keys, in form order). */
export function requestOf(form: ReportForm, currency: string): { body: PriceComparisonRequest } | { errors: FieldErrors } {
  const body = {
    scope: scopeOf(form.scope),
    reference: form.reference || null,
    compareAgainst: form.compareAgainst,
    priceType: form.priceType,
    minDifferencePct: numberOf(form.minDifferencePct),
    referenceMin: numberOf(form.referenceMin),
    referenceMax: numberOf(form.referenceMax),
    currency,
    page: 1,
  };
  const checked = PriceComparisonRequest.safeParse(body);
  if (checked.success) return { body: body as PriceComparisonRequest };
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? '') as FieldName;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export interface Failure {
  title: string;
  text: string;
}

/**
 * What went wrong with a run, as the spec's report messages (§8): its title and text. The weekly limit is no failure
 * here: the Run button says it before a click (a run from another tab finds the usage read again).
 */
export function failureOf(err: unknown): Failure | null {
  if (err instanceof ApiError && err.code === 'PLAN_LIMIT') return null;
  if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return { title: 'report.errors.failedTitle', text: 'report.errors.failedText' };
  if (err instanceof ApiError && err.status < 500) return { title: 'report.errors.errorTitle', text: errorText(err, 'prices:report.errors.errorText') };
  return { title: 'report.errors.errorTitle', text: 'report.errors.errorText' };
}

/** The preview's own order (its few rows are sorted here, as the server sorts a full report). */
export function compareRows(sort: ReportSort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const value = (r: PriceComparisonRow) =>
    sort === 'differencePct' ? r.differencePct : sort === 'difference' ? r.difference : sort === 'referencePrice' ? r.referencePrice : sort === 'lowestPrice' ? r.lowestPrice : sort === 'totalSaving' ? r.totalSaving : 0;
  return (a: PriceComparisonRow, b: PriceComparisonRow) =>
    sort === 'card' ? sign * a.card.cardNumber.localeCompare(b.card.cardNumber) || a.cardId - b.cardId : sign * (value(a) - value(b)) || a.card.cardNumber.localeCompare(b.card.cardNumber);
}
