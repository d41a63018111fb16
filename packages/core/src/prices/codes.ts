import { estimateSourceOf, MARKETPLACES, type MarketplaceId } from '../marketplaces';
import type { PriceSourceId } from './model';

/** Small-integer codes of markets (from the marketplace table) and sources in the price tables (compact rows; docs/prices.md). Never renumber. */
export const MARKET_CODES = Object.fromEntries(MARKETPLACES.map((m) => [m.id, m.code])) as Record<MarketplaceId, number>;
export const SOURCE_CODES: Record<PriceSourceId, number> = { tcgcsv: 1, cardmarket: 2, cardtrader: 3, csv: 4, demo: 5 };

const invert = <K extends string>(codes: Record<K, number>) => new Map(Object.entries(codes).map(([k, v]) => [v as number, k as K]));
const MARKET_BY_CODE = invert(MARKET_CODES);
const SOURCE_BY_CODE = invert(SOURCE_CODES);

export function marketOfCode(code: number): MarketplaceId {
  const market = MARKET_BY_CODE.get(code);
  if (!market) throw new Error(`Unknown market code ${code}`);
  return market;
}

export function sourceOfCode(code: number): PriceSourceId {
  const source = SOURCE_BY_CODE.get(code);
  if (!source) throw new Error(`Unknown price source code ${code}`);
  return source;
}

/** The codes a market's price is read from: its own, then the one it is estimated from (br: br, then us). */
export function priceCodesOf(market: MarketplaceId): number[] {
  const base = estimateSourceOf(market);
  return base ? [MARKET_CODES[market], MARKET_CODES[base]] : [MARKET_CODES[market]];
}
