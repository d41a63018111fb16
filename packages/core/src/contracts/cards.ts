import { z } from 'zod';
import { CARD_ATTRIBUTES, CARD_BLOCKS, CARD_COLORS, CARD_PRINT_MODES, CARD_RARITIES, CARD_SORTS, CARD_TYPES, GAME_CATEGORIES } from '../games';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { booleanParam, intParam, IntIdParam, multiValue, Paginated, Text } from './common';
import { CARD_LEGALITY_STATUSES } from '../decks/legality';
import { MAX_QUERY_LENGTH } from '../search/ast';

const CardType = z.enum(CARD_TYPES);
const CardColor = z.enum(CARD_COLORS);

const CardSetRef = z.object({
  code: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
});

export const Card = z.object({
  id: z.number().int(),
  gameCategory: z.enum(GAME_CATEGORIES),
  cardNumber: z.string(),
  name: z.string(),
  cardType: CardType,
  cost: z.number().int().nullable(),
  power: z.number().int().nullable(),
  counter: z.number().int().nullable(),
  life: z.number().int().nullable(),
  colors: z.array(CardColor),
  attributes: z.array(z.string()),
  subtypes: z.array(z.string()),
  cardText: z.string().nullable(),
  keywords: z.array(z.string()).describe('Timing and keyword tags such as [On Play] or [Rush]'),
  rarity: z.string(),
  blockIcon: z.string().nullable().describe('Rotation block printed on the card (1, 2, 3, …)'),
  rotationBlock: z
    .string()
    .nullable()
    .describe("The block that judges the card number under rotation: the newest of its prints' (a reprint with a newer icon keeps the number legal); X or null: never rotated"),
  rotationSet: z.string().nullable().describe('Set code of the print that gives rotationBlock (e.g. ST-31)'),
  isVariation: z.boolean().describe('Parallel / alternate art of its card number'),
  manual: z.boolean().describe('Added by hand by an admin for a number the card package lacks (its art, if any, is the image the admin linked)'),
  variant: z.string().nullable().describe('Variant suffix of the print, e.g. p1, r1; null for the base print'),
  artworkUrl: z.string().nullable(),
  set: CardSetRef.nullable(),
});
export type Card = z.infer<typeof Card>;

const CardSort = z.enum(CARD_SORTS);

/** A price bound in a query: a decimal number of major units, 0 to 10 million; empty = no bound. */
const priceParam = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number('validation.priceBoundInvalid').min(0, 'validation.priceBoundInvalid').max(10_000_000, 'validation.priceBoundInvalid').optional(),
);

export const CardsQuery = z
  .object({
    q: Text(MAX_QUERY_LENGTH, { trim: false })
      .optional()
      .describe(
        'A query of the search language (docs/search-language.md): words and "phrases" match the name, number, effect text or types; keywords such as t:leader, c:red, cost>=5, o:"[On Play]", set:op05, is:parallel, legal:standard, price<2, and is:owned or is:wishlist (signed in); `-` negates, `or` and parentheses combine. At most 500 characters and 60 terms; a query it cannot read is 400 QUERY_INVALID, naming the problem and its position',
      ),
    set: multiValue(Text(80)).describe('Set slugs or codes (e.g. op-01 or OP-01)'),
    color: multiValue(CardColor).describe('One or several colors; a card matches if it has any of them'),
    type: multiValue(CardType),
    costMin: intParam(20),
    costMax: intParam(20),
    powerMin: intParam(20000),
    powerMax: intParam(20000),
    counter: multiValue(z.enum(['0', '1000', '2000'])).describe('Counter values; 0 is "no counter"'),
    rarity: multiValue(z.enum(CARD_RARITIES)),
    attribute: multiValue(z.enum(CARD_ATTRIBUTES)),
    subtype: Text(80).optional().describe('A type such as "Straw Hat Crew"'),
    block: multiValue(z.enum(CARD_BLOCKS)),
    variations: booleanParam.describe('Include parallels and alternate arts (default true)'),
    prints: z
      .enum(CARD_PRINT_MODES)
      .optional()
      .describe('grouped (default): one row per card number, the first matching print in print order (by price with sort=price), with printCount; all: every print on its own row'),
    market: z.enum(MARKETPLACE_IDS).optional().describe('Marketplace whose current price each card of the page carries (in `prices`), and that sort=price and the price range use'),
    currency: z.enum(CURRENCY_CODES).optional().describe('Currency of the prices and of priceMin/priceMax (default USD)'),
    priceType: z.enum(PRICE_TYPES).optional().describe('min (default), avg or max: the figure sort=price and the price range use'),
    priceMin: priceParam.describe('Lowest price, in major units of the currency (needs market, else us)'),
    priceMax: priceParam.describe('Highest price, in major units of the currency'),
    sort: CardSort.optional(),
    order: z.enum(['asc', 'desc']).optional(),
    page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10000).default(1)),
    pageSize: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(24)),
  })
  .refine((q) => q.costMin === undefined || q.costMax === undefined || q.costMin <= q.costMax, {
    message: 'validation.costRange',
    path: ['costMin'],
  })
  .refine((q) => q.powerMin === undefined || q.powerMax === undefined || q.powerMin <= q.powerMax, {
    message: 'validation.powerRange',
    path: ['powerMin'],
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: 'validation.priceRange',
    path: ['priceMin'],
  });
export type CardsQuery = z.infer<typeof CardsQuery>;

/** Current price of a card of the page in the asked market and currency (hundredths; see contracts/prices.ts). */
const ListPrice = z.object({
  min: z.number().int().nullable(),
  avg: z.number().int().nullable(),
  max: z.number().int().nullable(),
  date: z.string(),
  demo: z.boolean(),
  estimate: z.boolean(),
  stale: z.boolean(),
});

const CardListItem = Card.extend({
  printCount: z.number().int().min(1).optional().describe('prints=grouped: how many prints of this card number match the search (this one included)'),
});
type CardListItem = z.infer<typeof CardListItem>;

export const CardListResponse = Paginated(CardListItem).extend({
  prices: z.record(z.string(), ListPrice).optional().describe('With `market`: the current price of each card of the page that has one, by card id'),
  market: z.enum(MARKETPLACE_IDS).optional(),
  currency: z.enum(CURRENCY_CODES).optional(),
});
export type CardListResponse = z.infer<typeof CardListResponse>;

const LegalityStatus = z.enum(CARD_LEGALITY_STATUSES);
export const CardLegalityDetail = z.object({
  status: LegalityStatus,
  since: z.string().nullable().describe('Banned or restricted: first day of the entry; rotated: the day of the rotation'),
  source: z.string().nullable().describe('Banned or restricted: the page that announced it'),
  minBlock: z.number().int().nullable().describe('Rotated: the lowest block still legal'),
  pairs: z.array(z.object({ cardNumber: z.string(), since: z.string(), source: z.string() })).describe('Banned pairs in force with this card'),
});
export type CardLegalityDetail = z.infer<typeof CardLegalityDetail>;

export const CardDetailResponse = Card.extend({
  variations: z.array(Card).describe('Every other print with the same card number'),
  legality: z
    .object({ standard: LegalityStatus, extra: LegalityStatus })
    .nullable()
    .describe('The card number today in Standard and Extra (null for a game without formats)'),
  legalityDetails: z.object({ standard: CardLegalityDetail, extra: CardLegalityDetail }).nullable().describe('The rule and date behind each status'),
  flavorText: z.string().nullable().describe('A print added by hand: its flavor text, as the admin gave it'),
  artist: z.string().nullable().describe('A print added by hand: its artist'),
  legalityText: z.string().nullable().describe("A print added by hand: where it may be played, as the admin wrote it (the card import schema's legality); not the deck rules' status in `legality`"),
});
export type CardDetailResponse = z.infer<typeof CardDetailResponse>;

export const CardIdParam = z.object({ id: IntIdParam('validation.invalidCardId') });

export const CardFacetsResponse = z.object({
  subtypes: z.array(z.string()),
  sets: z.array(CardSetRef),
});
export type CardFacetsResponse = z.infer<typeof CardFacetsResponse>;

/** Where the signed-in user holds a card number (any of its prints): their decks and binders, with copies. */
export const CardHoldingsResponse = z.object({
  cardNumber: z.string(),
  decks: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int().describe('Main-deck copies of the number'), leader: z.boolean().describe('The number is the Leader') })),
  binders: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), quantity: z.number().int() })),
});
export type CardHoldingsResponse = z.infer<typeof CardHoldingsResponse>;
