import type { PriceType } from '../marketplaces';

/**
 * The market value of a collection (a binder, the Personal binders of a portfolio, a deck): pure arithmetic on
 * integer cents already in one currency. A row without a price counts as unpriced, never as 0.
 */
export interface ValueRow {
  cardId: number;
  quantity: number;
  /** What was paid for one copy, in cents of the value's currency; null when not recorded. */
  paidCents: number | null;
}

export interface RowPrice {
  min: number | null;
  avg: number | null;
  max: number | null;
  demo: boolean;
  estimate?: boolean;
  stale?: boolean;
}

export interface CollectionValue {
  /** Sum of quantity × the chosen price over priced rows. */
  total: number;
  /** Copies with a price, and without one. */
  pricedCopies: number;
  unpricedCopies: number;
  /** Some of the total comes from demo prices / the BR estimate / stale prices. */
  demo: boolean;
  estimate: boolean;
  stale: boolean;
  /** What the copies with both a recorded price paid and a market price cost, and what they are worth now. */
  costBasis: number;
  costBasisValue: number;
  /** costBasisValue − costBasis; null when no row has both. */
  gain: number | null;
  /** gain ÷ costBasis, as a fraction (0.25 = +25 %); null when the cost basis is 0 or unknown. */
  gainRatio: number | null;
}

/** A row's unit price of the chosen type; max falls back to nothing (Cardmarket has none), never to another figure. */
export const unitPrice = (price: RowPrice | undefined, type: PriceType) => (price ? price[type] : null);

export function collectionValue(rows: readonly ValueRow[], prices: ReadonlyMap<number, RowPrice>, type: PriceType): CollectionValue {
  const value: CollectionValue = { total: 0, pricedCopies: 0, unpricedCopies: 0, demo: false, estimate: false, stale: false, costBasis: 0, costBasisValue: 0, gain: null, gainRatio: null };
  let withBasis = 0;
  for (const row of rows) {
    const price = prices.get(row.cardId);
    const unit = unitPrice(price, type);
    if (unit === null || !price) {
      value.unpricedCopies += row.quantity;
      continue;
    }
    value.total += unit * row.quantity;
    value.pricedCopies += row.quantity;
    value.demo ||= price.demo;
    value.estimate ||= price.estimate === true;
    value.stale ||= price.stale === true;
    if (row.paidCents !== null) {
      value.costBasis += row.paidCents * row.quantity;
      value.costBasisValue += unit * row.quantity;
      withBasis++;
    }
  }
  if (withBasis) {
    value.gain = value.costBasisValue - value.costBasis;
    value.gainRatio = value.costBasis > 0 ? value.gain / value.costBasis : null;
  }
  return value;
}

/** The change of a unit price over a period: absolute cents and the fraction; null without both prices. */
export function priceChange(now: number | null, before: number | null): { change: number; ratio: number | null } | null {
  if (now === null || before === null) return null;
  return { change: now - before, ratio: before > 0 ? (now - before) / before : null };
}
