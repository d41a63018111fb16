import { z } from 'zod';
import { ONE_PIECE_FORMATS } from '../decks/formats';
import { DECK_PROBLEM_CODES, DECK_WARNING_CODES } from '../decks/validate';
import { MAX_DECK_LIST_LENGTH } from '../decks/deck-list';
import { Card } from './cards';
import { IntId, Text } from './common';
import { CalendarDay } from './regulations';
import { MatchRecord } from './tournaments';

const CardId = IntId('validation.invalidCardId');

/** One main-deck row: a print of the library and how many copies. */
export const DeckCardInput = z.object({ cardId: CardId, quantity: z.number().int().min(1).max(50) });
export type DeckCardInput = z.infer<typeof DeckCardInput>;

const DeckName = Text(100, { tooLong: 'validation.deckNameTooLong' }).min(1, 'validation.deckNameRequired');

/** The fields of a deck a user sets. */
const DeckFields = z.object({
  name: DeckName,
  format: z.enum(ONE_PIECE_FORMATS),
  description: Text(2000, { tooLong: 'validation.deckDescriptionTooLong', trim: false }).nullable(),
  isPublic: z.boolean(),
  leaderCardId: CardId.nullable(),
  coverCardId: CardId.nullable(),
});

export const CreateDeckRequest = DeckFields.partial({ description: true, isPublic: true, leaderCardId: true, coverCardId: true }).extend({
  game: z.literal('onepiece').default('onepiece'),
  cards: z.array(DeckCardInput).max(200).default([]),
});
export type CreateDeckRequest = z.input<typeof CreateDeckRequest>;

/** Only the fields sent are changed (spec §7). */
export const UpdateDeckRequest = DeckFields.extend({
  /** A public deck is listed on its owner's profile unless this is false (issue 18). */
  showOnProfile: z.boolean(),
})
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type UpdateDeckRequest = z.infer<typeof UpdateDeckRequest>;

/** All main-deck rows at once; they replace the deck's rows in one transaction. */
export const ReplaceDeckCardsRequest = z.object({ cards: z.array(DeckCardInput).max(200) });
export type ReplaceDeckCardsRequest = z.infer<typeof ReplaceDeckCardsRequest>;

export const DeckIdParam = z.object({ id: Text(64, { trim: false }).min(1) });

export const DeckProblem = z.object({
  code: z.enum(DECK_PROBLEM_CODES),
  message: z.string().describe('English text; the web app translates by code'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  cards: z.array(z.string()).describe('Card numbers concerned'),
});
export type DeckProblem = z.infer<typeof DeckProblem>;

export const DeckWarning = DeckProblem.extend({ code: z.enum(DECK_WARNING_CODES) });
export type DeckWarning = z.infer<typeof DeckWarning>;

const DeckValidation = z.object({
  valid: z.boolean(),
  mainCount: z.number().int(),
  errors: z.array(DeckProblem),
  warnings: z
    .array(DeckWarning)
    .describe('What cards say about the deck without making it illegal: a Leader’s DON!! deck size, a deck-building clause this checker does not model (docs/deck-rules.md)'),
});
type DeckValidation = z.infer<typeof DeckValidation>;

export const DeckRow = z.object({ card: Card, quantity: z.number().int() });
export type DeckRow = z.infer<typeof DeckRow>;

export const DeckSummary = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(ONE_PIECE_FORMATS),
  description: z.string().nullable(),
  gameCategory: z.string(),
  isPublic: z.boolean(),
  /** Listed on the owner's profile when public (issue 18). */
  showOnProfile: z.boolean(),
  leader: Card.nullable(),
  cover: Card.nullable(),
  mainCount: z.number().int(),
  valid: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeckSummary = z.infer<typeof DeckSummary>;

export const DeckListResponse = z.object({ items: z.array(DeckSummary) });
export type DeckListResponse = z.infer<typeof DeckListResponse>;

/** The tournament a published list was played in (issue 43): its placing and record there. */
export const DeckTournament = z.object({
  id: z.string(),
  name: z.string(),
  /** The day it was played (YYYY-MM-DD). */
  date: z.string(),
  placing: z.number().int(),
  record: MatchRecord,
});
export type DeckTournament = z.infer<typeof DeckTournament>;

export const DeckDetail = DeckSummary.extend({
  owner: z.object({ username: z.string().nullable(), isYou: z.boolean() }),
  /** Set for a tournament's published list (a public deck owned by no user); null for every other deck. */
  tournament: DeckTournament.nullable(),
  cards: z.array(DeckRow),
  validation: DeckValidation,
});
export type DeckDetail = z.infer<typeof DeckDetail>;

/** A checked list's answer lists at most this many line errors and problems, with their counts (a 20 KB list of bad lines answered 909 KB). */
export const MAX_REPORTED_LINE_ERRORS = 200;

/** Check a pasted list without an account: OPTCG Sim text in, every problem out. */
export const ValidateDeckListRequest = z.object({
  game: Text(30).default('onepiece'),
  format: Text(30).default('standard'),
  list: Text(MAX_DECK_LIST_LENGTH, { tooLong: 'validation.deckListTooLong', trim: false }),
  withCards: z.boolean().default(false).describe('Also answer the main deck as read (the editor imports it)'),
  date: CalendarDay.optional().describe('Judge on the banned, restricted and paired cards and the rotation in force on this day (YYYY-MM-DD, UTC); today by default'),
});

export const DeckListLineError = z.object({
  line: z.number().int(),
  text: z.string(),
  reason: z.enum(['NO_CARD_NUMBER', 'BAD_QUANTITY', 'UNKNOWN_CARD']),
  message: z.string(),
});
export type DeckListLineError = z.infer<typeof DeckListLineError>;

export const ValidateDeckListResponse = DeckValidation.extend({
  leader: Card.nullable(),
  cards: z.array(DeckRow).optional().describe('With withCards: the main deck as read (base prints unless a variant was named)'),
  lineErrors: z.array(DeckListLineError).describe(`The first ${MAX_REPORTED_LINE_ERRORS} lines that could not be read`),
  lineErrorCount: z.number().int().describe('How many lines could not be read in all'),
  errorCount: z.number().int().describe(`How many problems the deck has in all (errors lists the first ${MAX_REPORTED_LINE_ERRORS})`),
});
export type ValidateDeckListResponse = z.infer<typeof ValidateDeckListResponse>;
