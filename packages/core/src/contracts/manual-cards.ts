import { z } from 'zod';
import { CARD_COLORS, CARD_TYPES } from '../games';
import { Card } from './cards';
import { HttpsImageUrl, IntIdParam, Text } from './common';
import { RegulationCardNumber } from './regulations';

/** A block icon as printed: 1 to 9, or X (never rotated). */
const BlockIcon = z.string('validation.invalidBlockIcon').trim().toUpperCase().regex(/^(?:[1-9]|X)$/, 'validation.invalidBlockIcon');

const Stat = (max: number, negative = 'validation.invalidCardStat') =>
  z.number('validation.invalidCardStat').int('validation.invalidCardStat').min(0, negative).max(max, 'validation.invalidCardStat').nullable().optional();

/** Optional text of at most `max` characters. */
const OptionalText = (max: number, tooLong: string) => Text(max, { tooLong }).nullable().optional();

/** The limits of the specification's card import schema (§5), which the admin's form shows too. */
const CARD_ENTRY_LIMITS = { name: 100, flavorText: 500, artist: 100, legality: 100 } as const;

/**
 * A print the card package lacks (a new promo), added by an admin so decks and binders can hold it: the fields the
 * deck rules and the library need, checked as the specification's card import schema says (§5: name 1 to 100
 * characters, 'Card name is required'; type and rarity required; cost at least 0, 'Cost cannot be negative'; an
 * https imageUrl, 'Invalid image URL', which the server fetches and keeps as the print's art; flavorText at most 500,
 * artist and legality at most 100). The import that brings the number from the package replaces it.
 */
export const CreateManualCardRequest = z
  .object({
    cardNumber: RegulationCardNumber,
    name: Text(CARD_ENTRY_LIMITS.name, { tooLong: 'validation.cardNameTooLong', notText: 'validation.cardNameRequired' }).min(1, 'validation.cardNameRequired'),
    cardType: z.enum(CARD_TYPES, { error: (issue) => (issue.input === undefined ? 'validation.cardTypeRequired' : 'validation.invalidCardType') }),
    colors: z
      .array(z.enum(CARD_COLORS, 'validation.invalidCardColor'), 'validation.invalidCardColor')
      .min(1, 'validation.cardColorsRequired')
      .max(2, 'validation.cardColorsRequired')
      .refine((c) => new Set(c).size === c.length, 'validation.cardColorsRequired'),
    cost: Stat(10, 'validation.costNegative'),
    power: Stat(15_000),
    counter: Stat(2_000),
    life: Stat(6),
    blockIcon: BlockIcon,
    rarity: Text(10, { tooLong: 'validation.rarityTooLong', notText: 'validation.rarityRequired' }).min(1, 'validation.rarityRequired'),
    subtypes: z.array(Text(40).min(1), 'validation.invalidCardTypes').max(6, 'validation.invalidCardTypes').default([]),
    cardText: Text(1000).nullable().optional(),
    imageUrl: HttpsImageUrl.nullable().optional().describe("The print's art: the https address of an image (JPEG, PNG, WebP, AVIF or GIF), fetched once by the server"),
    flavorText: OptionalText(CARD_ENTRY_LIMITS.flavorText, 'validation.flavorTextTooLong'),
    artist: OptionalText(CARD_ENTRY_LIMITS.artist, 'validation.artistTooLong'),
    legality: OptionalText(CARD_ENTRY_LIMITS.legality, 'validation.legalityTooLong').describe('Where the print may be played, as announced (e.g. "Tournament legal")'),
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
