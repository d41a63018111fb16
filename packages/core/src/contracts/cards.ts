import { z } from 'zod';
import { CARD_ATTRIBUTES, CARD_BLOCKS, CARD_COLORS, CARD_RARITIES, CARD_SORTS, CARD_TYPES, GAME_CATEGORIES } from '../games';
import { booleanParam, intParam, IntIdParam, multiValue, Paginated, Text } from './common';

export const CardType = z.enum(CARD_TYPES);
export const CardColor = z.enum(CARD_COLORS);

export const CardSetRef = z.object({
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
  isVariation: z.boolean().describe('Parallel / alternate art of its card number'),
  variant: z.string().nullable().describe('Variant suffix of the print, e.g. p1, r1; null for the base print'),
  artworkUrl: z.string().nullable(),
  set: CardSetRef.nullable(),
});
export type Card = z.infer<typeof Card>;

export const CardSort = z.enum(CARD_SORTS);

export const CardsQuery = z
  .object({
    q: Text(100, { tooLong: 'validation.searchTooLong' }).optional(),
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
  });
export type CardsQuery = z.infer<typeof CardsQuery>;
export type CardsQueryInput = z.input<typeof CardsQuery>;

export const CardListResponse = Paginated(Card);
export type CardListResponse = z.infer<typeof CardListResponse>;

export const CardDetailResponse = Card.extend({
  variations: z.array(Card).describe('Every other print with the same card number'),
});
export type CardDetailResponse = z.infer<typeof CardDetailResponse>;

export const CardIdParam = z.object({ id: IntIdParam('validation.invalidCardId') });

export const CardFacetsResponse = z.object({
  subtypes: z.array(z.string()),
  sets: z.array(CardSetRef),
});
export type CardFacetsResponse = z.infer<typeof CardFacetsResponse>;
