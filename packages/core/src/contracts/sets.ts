import { z } from 'zod';
import { GAME_CATEGORIES, SET_KINDS } from '../games';
import { Card } from './cards';
import { Text } from './common';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { PriceSummary } from './prices';


export const CardSet = z.object({
  code: z.string().nullable().describe('Product code such as OP-01; null for promotional products'),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(SET_KINDS),
  releaseYear: z.number().int().nullable(),
  releaseDate: z.string().nullable().describe('English release day (YYYY-MM-DD) when known; the order of "latest" sets'),
  size: z.number().int().describe('Number of prints in the product'),
  cardNumbers: z.number().int().describe('Distinct card numbers printed in the product (set completion counts these)'),
  gameCategory: z.enum(GAME_CATEGORIES),
});
export type CardSet = z.infer<typeof CardSet>;

export const SetListResponse = z.object({ items: z.array(CardSet) });
export type SetListResponse = z.infer<typeof SetListResponse>;

export const SetValue = z.object({
  market: z.enum(MARKETPLACE_IDS),
  priceType: z.enum(PRICE_TYPES),
  currency: z.enum(CURRENCY_CODES),
  total: z.number().int().describe('One copy of every print of the set that has a price, in hundredths of the currency'),
  pricedPrints: z.number().int(),
  unpricedPrints: z.number().int(),
  demo: z.boolean(),
  estimate: z.boolean(),
});
export type SetValue = z.infer<typeof SetValue>;

export const SetDetailResponse = CardSet.extend({
  cards: z.array(Card),
  value: SetValue.optional().describe('With `market`: the value of one copy of every print of the set'),
  prices: z.record(z.string(), PriceSummary).optional().describe('With `market`: the current price of each print, by card id'),
});

export const SetDetailQuery = z.object({
  market: z.enum(MARKETPLACE_IDS).optional(),
  priceType: z.enum(PRICE_TYPES).default('min'),
  currency: z.enum(CURRENCY_CODES).default('USD'),
});
export type SetDetailResponse = z.infer<typeof SetDetailResponse>;

export const SetSlugParam = z.object({ slug: Text(120, { trim: false }).min(1) });
