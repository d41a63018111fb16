import { z } from 'zod';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { Card } from './cards';
import { IntId } from './common';

/*
 * A deck's buy list (issue 15): the copies the user does not own, per card number (any print counts, as in the
 * collection check), and what buying them costs on each market in the user's currency. Amounts are integer hundredths
 * of `currency`, as in every price contract.
 */

const Market = z.enum(MARKETPLACE_IDS);

export const BuyListQuery = z.object({
  currency: z.enum(CURRENCY_CODES).default('USD'),
  priceType: z.enum(PRICE_TYPES).default('min'),
});

export const BuyListOffer = z.object({
  market: Market,
  /** The cheapest print of the number on this market, and its price per copy. */
  cardId: z.number().int(),
  price: z.number().int(),
  estimate: z.boolean(),
  demo: z.boolean(),
  /** The product page on that market, when the price came from a feed that gives one. */
  url: z.string().nullable(),
});
export type BuyListOffer = z.infer<typeof BuyListOffer>;

export const BuyListItem = z.object({
  cardNumber: z.string(),
  /** The deck's print of this number (the first one when the deck has several). */
  card: Card,
  needed: z.number().int(),
  owned: z.number().int(),
  missing: z.number().int(),
  /** One per market that prices any print of the number, cheapest first. */
  offers: z.array(BuyListOffer),
});
export type BuyListItem = z.infer<typeof BuyListItem>;

const BuyListMarketTotal = z.object({
  market: Market,
  /** Every missing copy bought on this market (the numbers it prices). */
  total: z.number().int(),
  /** Missing copies this market has no price for (its total leaves them out). */
  unpriced: z.number().int(),
});

/** The cards of a deck as the editor has them (saved or not): priced against the user's collection. */
export const BuyListRequest = BuyListQuery.extend({
  leaderCardId: IntId('validation.invalidCardId').nullable().default(null),
  cards: z.array(z.object({ cardId: IntId('validation.invalidCardId'), quantity: z.number().int().min(1).max(50) })).max(200),
});
export type BuyListRequest = z.input<typeof BuyListRequest>;

export const BuyListResponse = z.object({
  /** The deck priced (GET /api/decks/{id}/buy-list); null for cards sent (POST /api/buy-list). */
  deckId: z.string().nullable(),
  currency: z.enum(CURRENCY_CODES),
  priceType: z.enum(PRICE_TYPES),
  missingCopies: z.number().int(),
  items: z.array(BuyListItem),
  /** Buying everything on one market, per market, cheapest complete one first. */
  markets: z.array(BuyListMarketTotal),
  /** Each number on its cheapest market: the lowest total, and the copies no market prices. */
  split: z.object({ total: z.number().int(), unpriced: z.number().int() }),
});
export type BuyListResponse = z.infer<typeof BuyListResponse>;
