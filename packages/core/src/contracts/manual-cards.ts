import { z } from 'zod';
import { CARD_COLORS, CARD_TYPES } from '../games';
import { Card } from './cards';
import { IntIdParam, Text } from './common';
import { RegulationCardNumber } from './regulations';

/** A block icon as printed: 1 to 9, or X (never rotated). */
export const BlockIcon = z.string('validation.invalidBlockIcon').trim().toUpperCase().regex(/^(?:[1-9]|X)$/, 'validation.invalidBlockIcon');

const Stat = (max: number) => z.number('validation.invalidCardStat').int('validation.invalidCardStat').min(0, 'validation.invalidCardStat').max(max, 'validation.invalidCardStat').nullable().optional();

/**
 * A print the card package lacks (a new promo), added by an admin so decks and binders can hold it: the fields the
 * deck rules and the library need. The import that brings the number from the package replaces it.
 */
export const CreateManualCardRequest = z
  .object({
    cardNumber: RegulationCardNumber,
    name: Text(100).min(1, 'validation.cardNameRequired'),
    cardType: z.enum(CARD_TYPES, 'validation.invalidCardType'),
    colors: z
      .array(z.enum(CARD_COLORS, 'validation.invalidCardColor'), 'validation.invalidCardColor')
      .min(1, 'validation.cardColorsRequired')
      .max(2, 'validation.cardColorsRequired')
      .refine((c) => new Set(c).size === c.length, 'validation.cardColorsRequired'),
    cost: Stat(10),
    power: Stat(15_000),
    counter: Stat(2_000),
    life: Stat(6),
    blockIcon: BlockIcon,
    rarity: Text(10).default('P'),
    subtypes: z.array(Text(40).min(1), 'validation.invalidCardTypes').max(6, 'validation.invalidCardTypes').default([]),
    cardText: Text(1000).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cardType === 'Leader' && (v.life === null || v.life === undefined)) ctx.addIssue({ code: 'custom', path: ['life'], message: 'validation.leaderNeedsLife' });
    if (v.cardType !== 'Leader' && (v.cost === null || v.cost === undefined)) ctx.addIssue({ code: 'custom', path: ['cost'], message: 'validation.cardNeedsCost' });
  });
export type CreateManualCardRequest = z.input<typeof CreateManualCardRequest>;

export const ManualCardsResponse = z.object({
  items: z.array(Card.extend({ inPackage: z.boolean().describe('The card package now has this number: the next import replaces this print') })),
});
export type ManualCardsResponse = z.infer<typeof ManualCardsResponse>;

export const ManualCardIdParam = z.object({ id: IntIdParam() });
