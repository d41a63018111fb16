import { type CurrencyCode, isCurrencyCode } from '@grandline/core/money/currencies';
import { convertCents } from '@grandline/core/prices/fx';
import type { RatesDay } from './rates.service';

// The days of prices (UTC, as ISO text) and the conversion of stored figures: shared by current prices and histories.

export const DAY_MS = 86_400_000;

export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysAgo = (n: number) => addDays(today(), -n);

/** A figure in cents of `from` → cents of `to` at `rates`, times `factor` (the BR estimate's import factor). */
export function converter(rates: RatesDay['rates'], from: string, to: CurrencyCode, factor = 1) {
  const source = isCurrencyCode(from) ? from : 'USD';
  return (cents: number | null) => (cents === null ? null : factor === 1 ? convertCents(cents, source, to, rates) : Math.round(convertCents(cents, source, to, rates) * factor));
}
