import type { MarketplaceId } from '../marketplaces';
import type { PriceSourceId } from './model';

/** Small-integer codes of markets and sources in the price tables (compact rows; docs/prices.md). Never renumber. */
export const MARKET_CODES: Record<MarketplaceId, number> = { us: 1, br: 2, market3: 3, market4: 4, market5: 5 };
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
