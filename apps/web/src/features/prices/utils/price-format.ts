import type { HistoryRange } from '@grandline/core/contracts/prices';
import { numberFormat, relativeTimeFormat } from '@grandline/core/intl';
import { currencyInfo, type CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';
import { formatDay, formatLocale } from '@/lib/format';

/*
 * How the price screens write amounts, days and rates. Amounts go through formatCents (core's one formatter, with the
 * currency's display rule); days are UTC calendar days ('YYYY-MM-DD'), written in the UI language.
 */

const DAY_MS = 86_400_000;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** An amount in hundredths, or "—" when the market gives no figure. */
export const priceText = (cents: number | null | undefined, currency: CurrencyCode) => (cents === null || cents === undefined ? '—' : formatCents(cents, currency));

/** "23 November 2026" in the UI language. */
export const longDay = (day: string, language?: string) => formatDay(day, { dateStyle: 'long' }, language);

/** "today", "yesterday", "3 days ago" for the last week, else "12 Nov 2026". */
export function relativeDay(day: string, language?: string, now: Date = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((today - dayTime(day)) / DAY_MS);
  if (days >= 0 && days < 7) return relativeTimeFormat(formatLocale(language), { numeric: 'auto' }).format(-days, 'day');
  return formatDay(day, { dateStyle: 'medium' }, language);
}

/** A chart tick: day and month for up to 90 days, month and year beyond. */
export function axisDay(day: string, range: HistoryRange, language?: string): string {
  const long = range === '365' || range === 'all';
  return formatDay(day, long ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' }, language);
}

/**
 * The header's rate note as the spec writes it (§9): "US$ 1 = € 0.91" — US$ 1, the chosen currency's symbol and the
 * rate with 2 decimals and a decimal point, in every interface language ("US$ 1 = R$ 5.47" in Portuguese too);
 * thousands grouped as that point implies ("US$ 1 = CO$ 4,017.48").
 */
export function rateText(currency: CurrencyCode, rate: number): string {
  const amount = numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(rate);
  return `${currencyInfo('USD').symbol} 1 = ${currencyInfo(currency).symbol} ${amount}`;
}
