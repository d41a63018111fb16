import { dateTimeFormat, numberFormat } from '@grandline/core/intl';
import { languageLocale } from '@grandline/core/locales';
import i18next, { type i18n } from 'i18next';

/*
 * The one way numbers and dates reach the screen (prices have core's formatMoney, in the currency's own locale): in the
 * locale of the UI language (en → en-US, pt → pt-BR, es → es-ES), the active one unless a language is given. Thousands
 * are always grouped, so a counter reads "+1,000" / "+1.000" in every language (Spanish's own rule leaves four-digit
 * numbers ungrouped, "1000", next to "12.000" in the same table).
 */

type Language = string | null | undefined;

/** The formatting locale of a language, the active UI language's by default. */
export const formatLocale = (language?: Language) => languageLocale(language ?? i18next.resolvedLanguage ?? i18next.language);

/** "12,000" / "12.000"; `options` for fraction digits and the like. */
export function formatNumber(value: number, language?: Language, options?: Intl.NumberFormatOptions): string {
  return numberFormat(formatLocale(language), { useGrouping: 'always', ...options }).format(value);
}

/** A number, or "—" when there is none (a card without power or cost). */
export const formatOptional = (value: number | null | undefined, language?: Language) =>
  value === null || value === undefined ? '—' : formatNumber(value, language);

/** A card's counter: "+1,000" / "+1.000"; "—" when it has none (null or 0). */
export const formatCounter = (value: number | null | undefined, language?: Language) =>
  value ? formatNumber(value, language, { signDisplay: 'always' }) : '—';

/** An average and the like: "3.5" / "3,5", with exactly `digits` decimals. */
export const formatDecimal = (value: number, digits = 1, language?: Language) =>
  formatNumber(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A ratio as a percentage: 0.125 → "12.5%" / "12,5 %". */
export const formatPercent = (ratio: number, language?: Language, options?: Intl.NumberFormatOptions) =>
  formatNumber(ratio, language, { style: 'percent', maximumFractionDigits: 1, ...options });

/** A moment (a Date, epoch milliseconds or an ISO timestamp) in the user's time zone; medium date by default. */
export function formatDate(value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, language?: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateTimeFormat(formatLocale(language), options).format(date);
}

/** A calendar day ('YYYY-MM-DD', a release or price day): the same day wherever the user is. */
export const formatDay = (day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, language?: Language) =>
  formatDate(Date.parse(`${day.slice(0, 10)}T00:00:00Z`), { ...options, timeZone: 'UTC' }, language);

/**
 * "{{count, number}}" in the texts writes its number as formatNumber does (i18next's own "number" format would call
 * Intl with the bare language, leaving "1000" ungrouped in Spanish); a value that is not a number is written as it is.
 */
export function addNumberFormat(instance: i18n) {
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) => (typeof value === 'number' ? formatNumber(value, lng) : String(value)));
}
