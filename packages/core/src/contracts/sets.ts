import { z } from 'zod';
import { GAME_CATEGORIES, SET_KINDS } from '../games';
import { Card } from './cards';
import { Text } from './common';


export const CardSet = z.object({
  code: z.string().nullable().describe('Product code such as OP-01; null for promotional products'),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(SET_KINDS),
  releaseYear: z.number().int().nullable(),
  size: z.number().int().describe('Number of prints in the product'),
  gameCategory: z.enum(GAME_CATEGORIES),
});
export type CardSet = z.infer<typeof CardSet>;

export const SetListResponse = z.object({ items: z.array(CardSet) });
export type SetListResponse = z.infer<typeof SetListResponse>;

export const SetDetailResponse = CardSet.extend({ cards: z.array(Card) });
export type SetDetailResponse = z.infer<typeof SetDetailResponse>;

export const SetSlugParam = z.object({ slug: Text(120, { trim: false }).min(1) });
