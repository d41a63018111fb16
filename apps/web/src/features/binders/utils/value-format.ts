/*
 * How the value screens write and pick figures: pure functions over integer hundredths ("cents") of one currency, as
 * the value API gives them. Money goes through core's formatCents (the currency's display rule); "—" stands for a
 * figure nobody knows.
 */
import type { CollectionValue, PriceSummary } from '@grandline/core/contracts/prices';
import type { PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';
import { formatPercent } from '@/lib/format';

const NO_FIGURE = '—';
/** The minus sign (U+2212) rather than a hyphen, as in print. */
const MINUS = '\u2212';

/** An amount, or "—" without one. */
export const centsText = (cents: number | null | undefined, currency: CurrencyCode) => (cents === null || cents === undefined ? NO_FIGURE : formatCents(cents, currency));

/** An amount with its sign: "+US$ 12.00", "−US$ 3.50", "US$ 0.00"; "—" without one. */
export function signedCentsText(cents: number | null | undefined, currency: CurrencyCode): string {
  if (cents === null || cents === undefined) return NO_FIGURE;
  const amount = formatCents(Math.abs(cents), currency);
  return cents > 0 ? `+${amount}` : cents < 0 ? `${MINUS}${amount}` : amount;
}

/** A change as a signed percentage in the UI language: "+23.5%", "−4%"; null when there is no base to compare with. */
export function percentText(ratio: number | null | undefined, language?: string): string | null {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return null;
  const text = formatPercent(ratio, language, { signDisplay: 'exceptZero' });
  return text.replace('-', MINUS);
}

export type Tone = 'up' | 'down' | 'flat';
/** Gains are green, losses red, nothing changed or unknown is neutral. */
export const toneOf = (change: number | null | undefined): Tone => (!change ? 'flat' : change > 0 ? 'up' : 'down');
export const toneClass: Record<Tone, string> = { up: 'text-success', down: 'text-danger', flat: 'text-muted' };

/** A print's unit price of the chosen type, or null (no price, or the market gives no such figure). */
export const unitOf = (price: PriceSummary | undefined, type: PriceType) => (price ? price[type] : null);

/** A row's total: copies × the unit price; null without a price. */
export const rowTotalOf = (unit: number | null, quantity: number) => (unit === null ? null : unit * quantity);

type Mover = CollectionValue['movers'][number];
/** The top movers as the server sends them (risers then fallers), split: largest rise first, largest fall first. */
export function splitMovers(movers: readonly Mover[]): { up: Mover[]; down: Mover[] } {
  const size = (m: Mover) => Math.abs(m.ratio ?? 0);
  const bySize = (a: Mover, b: Mover) => size(b) - size(a) || Math.abs(b.change) - Math.abs(a.change) || a.cardId - b.cardId;
  return { up: movers.filter((m) => m.change > 0).sort(bySize), down: movers.filter((m) => m.change < 0).sort(bySize) };
}

/** Each entry's share of the largest, in percent (bars); all 0 when nothing has a value. */
export function barPercents(totals: readonly number[]): number[] {
  const max = Math.max(0, ...totals);
  return totals.map((total) => (max > 0 ? Math.max(0, Math.round((total / max) * 1000) / 10) : 0));
}

/** Whether a value has anything priced to show (else the empty state: "no prices for these cards yet"). */
export const hasPrices = (value: Pick<CollectionValue, 'pricedCopies'>) => value.pricedCopies > 0;
