/** Marketplace ids of the spec (§9) with the market each one stands for. */
export const MARKETPLACES = [
  { id: 'us', name: 'TCGplayer', region: 'US', currency: 'USD' },
  { id: 'br', name: 'Liga One Piece', region: 'BR', currency: 'BRL' },
  { id: 'market3', name: 'CardTrader', region: 'EU', currency: 'EUR' },
  { id: 'market4', name: 'MYP Cards', region: 'BR', currency: 'BRL' },
  { id: 'market5', name: 'Cardmarket', region: 'EU', currency: 'EUR' },
] as const;

export type MarketplaceId = (typeof MARKETPLACES)[number]['id'];
export const MARKETPLACE_IDS = MARKETPLACES.map((m) => m.id) as [MarketplaceId, ...MarketplaceId[]];
export const DEFAULT_MARKETPLACE: MarketplaceId = 'us';

export const PRICE_TYPES = ['min', 'avg', 'max'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = 'min';

export const isMarketplaceId = (value: unknown): value is MarketplaceId =>
  typeof value === 'string' && MARKETPLACE_IDS.includes(value as MarketplaceId);
