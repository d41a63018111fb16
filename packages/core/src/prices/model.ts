import { roundClean } from '../money/money';

/**
 * The price platform's vocabulary, shared by the parsers (here in core), the server's ingest and the web.
 *
 * Price amounts are integer hundredths of their currency ("cents") in every currency, JPY and CLP included: the price
 * API's fixed contract says "integer minor units, 2 decimals" (docs/decisions/010-prices.md). Purchase prices in binders
 * keep ISO minor units (money.ts); `centsFromMinor` bridges the two.
 */
export const PRICE_SOURCES = ['tcgcsv', 'cardmarket', 'cardtrader', 'csv', 'demo'] as const;
export type PriceSourceId = (typeof PRICE_SOURCES)[number];

/** Sources with a live fetcher (`PRICE_SOURCES=` on the server), plus `fx` for the exchange rates. */
export const LIVE_SOURCES = ['tcgcsv', 'cardmarket', 'cardtrader', 'fx'] as const;
export type LiveSourceId = (typeof LIVE_SOURCES)[number];
export const isLiveSource = (value: string): value is LiveSourceId => (LIVE_SOURCES as readonly string[]).includes(value);

/** Price amounts carry two decimals whatever the currency. */
const CENTS_PER_UNIT = 100;

/** Largest amount a feed may report for one card, in cents (10 million in any currency); larger rows are refused. */
export const MAX_PRICE_CENTS = 1_000_000_000;

/** A decimal amount in major units → cents, half away from zero after float noise is removed; null stays null. */
export function toCents(major: number | null | undefined): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  return roundClean(major * CENTS_PER_UNIT);
}

/** What one marketplace product is, as read from a feed, before it is matched to a print of the catalogue. */
export interface MarketProduct {
  /** The source's own id of the product, as text ("453509", "690368", "244442"). */
  productId: string;
  name: string;
  /** The card number printed on the card ("OP01-024"); null when the feed gives none (DON!! cards, sealed products). */
  number: string | null;
  /** The catalogue-style code of the set the product belongs to ("OP-08"); null when unknown or not a catalogue set. */
  setCode: string | null;
  /** How the feed names that set ("Two Legends (OP08)"), for the unmatched list. */
  setName: string | null;
  /** A box, pack, case or other product that is not a single card. */
  sealed: boolean;
  /** Variant words read from the name or the feed's version field ("parallel", "manga", "sp", …; see product-kind.ts). */
  tags: string[];
  url: string | null;
  /** Cross-market ids, when the feed carries them (CardTrader blueprints). */
  tcgplayerId?: number | null;
  cardmarketIds?: number[];
}

/** One product's price figures of one day, in cents of `currency`. */
export interface ProductPrice {
  productId: string;
  currency: string;
  min: number | null;
  avg: number | null;
  max: number | null;
  /** Cardmarket's trend price, kept beside the three figures. */
  trend?: number | null;
}

/** A print of the catalogue as the matcher sees it. */
export interface PrintRef {
  id: number;
  cardNumber: string;
  /** Catalogue variant code: null for the base print, p1…p9 parallels, r1, r2 reprints. */
  variant: string | null;
  /** Code of the product the print was released in ("OP-05"); null for promotional products without a code. */
  setCode: string | null;
  rarity: string;
  printOrder: number;
}

/** Why a product got no print. */
export type UnmatchedReason =
  | 'NO_PRINT' // no print of the catalogue fits the number, set and variant
  | 'AMBIGUOUS' // several products or prints fit and no documented rule tells them apart
  | 'UNKNOWN_SET' // the product's set is not a set of the catalogue
  | 'UNKNOWN_VARIANT' // the name carries a variant word we do not model
  | 'INVALID'; // the feed row itself is unusable (bad number, bad price)

export interface UnmatchedProduct {
  productId: string;
  name: string;
  number: string | null;
  setName: string | null;
  reason: UnmatchedReason;
}

export interface MatchResult {
  /** productId → print id. Never two products on one print. */
  matched: Map<string, number>;
  unmatched: UnmatchedProduct[];
  /** Sealed products and cards without a number (DON!!). */
  skipped: number;
}
