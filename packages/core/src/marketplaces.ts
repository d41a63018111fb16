import type { CurrencyCode } from './money/currencies';
import type { PriceSourceId } from './prices/model';

/**
 * The one table of marketplaces: every map of sources, markets, codes or currencies is derived from it.
 *
 * - `id`: the id the API and the database keep (spec §9). `market3/4/5` are historical; read `key` to know which store.
 * - `code`: the small integer of the price tables (docs/prices.md). Never renumber.
 * - `key`: the store's self-explaining internal name.
 * - `name`, `region`: what a screen shows ("TCGplayer", and the region translated).
 * - `sourceCurrency`: the currency its prices come in (CardTrader's listings are turned into EUR when they are read).
 * - `feed`: the price source that fills it. A live feed fills exactly one market; a price file (`csv`) says which of
 *   its markets it prices.
 * - `estimateFrom`: with no price of its own, the market shows this market's price × exchange rate × BR_IMPORT_FACTOR,
 *   flagged `estimate` (spec §2).
 */
export const MARKETPLACES = [
  { id: 'us', code: 1, key: 'tcgplayer', name: 'TCGplayer', region: 'US', sourceCurrency: 'USD', feed: 'tcgcsv' },
  { id: 'br', code: 2, key: 'liga', name: 'Liga One Piece', region: 'BR', sourceCurrency: 'BRL', feed: 'csv', estimateFrom: 'us' },
  { id: 'market3', code: 3, key: 'cardtrader', name: 'CardTrader', region: 'EU', sourceCurrency: 'EUR', feed: 'cardtrader' },
  { id: 'market4', code: 4, key: 'mypcards', name: 'MYP Cards', region: 'BR', sourceCurrency: 'BRL', feed: 'csv' },
  { id: 'market5', code: 5, key: 'cardmarket', name: 'Cardmarket', region: 'EU', sourceCurrency: 'EUR', feed: 'cardmarket' },
] as const satisfies readonly {
  id: string;
  code: number;
  key: string;
  name: string;
  region: string;
  sourceCurrency: CurrencyCode;
  feed: Exclude<PriceSourceId, 'demo'>;
  estimateFrom?: string;
}[];

export type Marketplace = (typeof MARKETPLACES)[number];
export type MarketplaceId = Marketplace['id'];
export const MARKETPLACE_IDS = MARKETPLACES.map((m) => m.id) as [MarketplaceId, ...MarketplaceId[]];
export const DEFAULT_MARKETPLACE: MarketplaceId = 'us';

export const PRICE_TYPES = ['min', 'avg', 'max'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = 'min';

export const isMarketplaceId = (value: unknown): value is MarketplaceId =>
  typeof value === 'string' && MARKETPLACE_IDS.includes(value as MarketplaceId);

/** A marketplace's row; undefined for an id that is none. */
export const marketplaceOf = (id: string): Marketplace | undefined => MARKETPLACES.find((m) => m.id === id);

/** A marketplace's display name ("Cardmarket"); an unknown id stays as it is. */
export const marketplaceName = (id: string): string => marketplaceOf(id)?.name ?? id;

/** A feed that fills one market by itself (the live fetchers). */
export type MarketFeed = Exclude<Marketplace['feed'], 'csv'>;

/** The market a live feed fills. */
export function marketOfFeed(feed: MarketFeed): MarketplaceId {
  const markets = MARKETPLACES.filter((m) => m.feed === feed);
  if (markets.length !== 1) throw new Error(`The feed ${feed} fills ${markets.length} markets, not one`);
  return markets[0]!.id;
}

/** The markets a price file (CSV) may price: those with no live feed (br: Liga One Piece, market4: MYP Cards). */
export type CsvMarketId = Extract<Marketplace, { feed: 'csv' }>['id'];
export const CSV_MARKETS = MARKETPLACES.filter((m) => m.feed === 'csv').map((m) => m.id) as [CsvMarketId, ...CsvMarketId[]];

/** The market whose price stands in for this one's missing price (br → us), or null. */
export function estimateSourceOf(id: MarketplaceId): MarketplaceId | null {
  const market = marketplaceOf(id);
  return market && 'estimateFrom' in market ? market.estimateFrom : null;
}

/** The one market priced by estimate when it has no price of its own, and the market it is estimated from. */
export const ESTIMATED_MARKET = MARKETPLACES.find((m): m is Extract<Marketplace, { estimateFrom: string }> => 'estimateFrom' in m)!;
