import { z } from 'zod';
import { CARD_COLORS, CARD_RARITIES, CARD_TYPES } from '../games';
import { DEFAULT_MARKETPLACE, MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { parsePrice } from '../money/money';
import { Card } from './cards';
import { IntId, IntIdParam, Text } from './common';

import { BINDER_CARD_SORTS, BINDER_CATEGORIES, CARD_CONDITIONS, CARD_LANGUAGES, EXPORT_FORMATS } from '../collection/options';

export { BINDER_CATEGORIES, CARD_CONDITIONS, CARD_LANGUAGES };
export type BinderCategory = (typeof BINDER_CATEGORIES)[number];

const CardId = IntId('validation.invalidCardId');
const RowId = IntId();
/** Binder ids are UUIDs; anything else is 'Invalid binder ID' (spec §8). */
export const BinderIdParam = z.object({ id: z.uuid('validation.binderIdInvalid') });
export const BinderRowParam = BinderIdParam.extend({ rowId: IntIdParam() });

export const BinderName = Text(99, { tooLong: 'validation.binderNameTooLong' }).min(1, 'validation.binderNameRequired');
const BinderDescription = Text(499, { tooLong: 'validation.binderDescriptionTooLong' });
export const BinderCategory = z.enum(BINDER_CATEGORIES, 'validation.binderCategoryRequired');

const BinderFields = z.object({
  name: BinderName,
  description: BinderDescription.nullable(),
  category: BinderCategory,
  isPublic: z.boolean(),
  /** Readable by the members of the owner's family (Family plan). */
  familyShared: z.boolean(),
  coverCardId: CardId.nullable(),
});

export const CreateBinderRequest = BinderFields.partial({ description: true, isPublic: true, familyShared: true, coverCardId: true });
export type CreateBinderRequest = z.input<typeof CreateBinderRequest>;

export const UpdateBinderRequest = BinderFields.extend({
  /** A public binder is listed on its owner's profile unless this is false (issue 18). */
  showOnProfile: z.boolean(),
})
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type UpdateBinderRequest = z.infer<typeof UpdateBinderRequest>;

/** The form on /collection/new and the edit dialog: the category starts unselected (it must be chosen). */
export const BinderForm = z.object({
  name: BinderName,
  description: BinderDescription,
  category: z
    .union([BinderCategory, z.literal('')])
    .refine((v) => v !== '', 'validation.binderCategoryRequired')
    .transform((v) => v as BinderCategory),
  isPublic: z.boolean(),
  familyShared: z.boolean().optional(),
});
export type BinderForm = z.output<typeof BinderForm>;
export type BinderFormInput = z.input<typeof BinderForm>;

const Condition = z.enum(CARD_CONDITIONS).nullable();
const Language = z.enum(CARD_LANGUAGES).nullable();
const Price = z.number().min(0, 'validation.priceNegative').max(10_000_000).nullable();

/** Cards to add: each a print, merged into an existing row of the same print, condition and language. */
export const AddBinderCardsRequest = z.object({
  cards: z
    .array(
      z.object({
        cardId: CardId,
        quantity: z.number().int().min(1, 'validation.quantityMin').max(9999).default(1),
        condition: Condition.default(null),
        language: Language.default(null),
        purchasePrice: Price.default(null),
        purchaseCurrency: z.enum(CURRENCY_CODES).nullable().default(null),
        /** A wishlist row that any print of the card's number satisfies (issue 44's trade matching). */
        anyPrint: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(500),
});
export type AddBinderCardsRequest = z.input<typeof AddBinderCardsRequest>;

export const UpdateBinderCardRequest = z
  .object({
    quantity: z.number().int().min(1, 'validation.quantityMin').max(9999),
    condition: Condition,
    language: Language,
    purchasePrice: Price,
    purchaseCurrency: z.enum(CURRENCY_CODES).nullable(),
    /** A wishlist row: any print of the number satisfies it (issue 44). */
    anyPrint: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type UpdateBinderCardRequest = z.infer<typeof UpdateBinderCardRequest>;

/** The row-details form: copies, condition, language and what was paid (empty price = not recorded). */
export const BinderRowForm = z
  .object({
    quantity: z.coerce.number('validation.quantityMin').int('validation.quantityMin').min(1, 'validation.quantityMin').max(9999, 'validation.quantityMin'),
    condition: z.union([z.enum(CARD_CONDITIONS), z.literal('')]),
    language: z.union([z.enum(CARD_LANGUAGES), z.literal('')]),
    /** As typed, in any of our locales ("12,50", "1.234,56", "1,234.56"); read by the money module's parsePrice. */
    purchasePrice: z
      .string()
      .trim()
      .refine((v) => {
        // Well-formed here; whether the decimals suit the currency is checked below, with the currency.
        const read = parsePrice(v, null);
        return read.ok || read.reason === 'TOO_PRECISE';
      }, 'validation.priceInvalid'),
    purchaseCurrency: z.enum(CURRENCY_CODES),
  })
  .superRefine((v, ctx) => {
    const read = parsePrice(v.purchasePrice, v.purchaseCurrency);
    if (!read.ok) ctx.addIssue({ code: 'custom', path: ['purchasePrice'], message: read.reason === 'TOO_PRECISE' ? 'validation.priceTooPrecise' : 'validation.priceInvalid' });
  });
export type BinderRowFormInput = z.input<typeof BinderRowForm>;
export type BinderRowFormValues = z.output<typeof BinderRowForm>;

/** Bulk edit of the selected rows: condition and/or language (null clears it). */
export const BulkUpdateBinderCardsRequest = z
  .object({ rowIds: z.array(RowId).min(1).max(5000), condition: Condition.optional(), language: Language.optional() })
  .refine((v) => v.condition !== undefined || v.language !== undefined, 'validation.nothingToUpdate');
export type BulkUpdateBinderCardsRequest = z.infer<typeof BulkUpdateBinderCardsRequest>;

export const DeleteBinderCardsRequest = z.object({ rowIds: z.array(RowId).min(1).max(20_000) });

export const BinderCardRow = z.object({
  id: z.number().int(),
  card: Card,
  quantity: z.number().int(),
  condition: z.string().nullable(),
  language: z.string().nullable(),
  /** What the owner paid, in major units (12.5) — the decimal form of purchasePriceMinor; null for other viewers. */
  purchasePrice: z.number().nullable(),
  /** The same price in integer minor units of purchaseCurrency (ISO 4217 exponent: 1250 BRL, 1500 JPY). */
  purchasePriceMinor: z.number().int().nullable(),
  purchaseCurrency: z.string().nullable(),
  addedAt: z.string(),
  /** A wishlist row any print of whose number satisfies it (issue 44's trade matching); false: this print. */
  anyPrint: z.boolean(),
});
export type BinderCardRow = z.infer<typeof BinderCardRow>;

export const BinderSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: BinderCategory,
  isPublic: z.boolean(),
  /** Listed on the owner's profile when public (issue 18). */
  showOnProfile: z.boolean(),
  familyShared: z.boolean(),
  cover: Card.nullable(),
  preview: Card.nullable().describe('The cover, else the print with most copies: the art to show for the binder'),
  cardCount: z.number().int().describe('Copies, all rows summed'),
  distinctCount: z.number().int().describe('Distinct prints'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BinderSummary = z.infer<typeof BinderSummary>;
export const BinderListResponse = z.object({ items: z.array(BinderSummary) });
export type BinderListResponse = z.infer<typeof BinderListResponse>;

const Counts = z.array(z.object({ key: z.string(), count: z.number().int() }));
const SetCompletion = z.object({
  code: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  owned: z.number().int().describe('Distinct card numbers of the set in the binder'),
  size: z.number().int().describe('Distinct card numbers of the set'),
});
export const CollectionStats = z.object({
  cardCount: z.number().int(),
  distinctCount: z.number().int(),
  distinctNumbers: z.number().int(),
  bySet: Counts,
  byColor: Counts,
  byRarity: Counts,
  byType: Counts,
  completion: z.array(SetCompletion),
});
export type CollectionStats = z.infer<typeof CollectionStats>;

export const BinderDetail = BinderSummary.extend({
  owner: z.object({ username: z.string().nullable(), isYou: z.boolean() }),
  stats: CollectionStats,
});
export type BinderDetail = z.infer<typeof BinderDetail>;

export const BinderCardsQuery = z.object({
  q: Text(100, { tooLong: 'validation.searchTooLong' }).optional(),
  set: Text(80).optional(),
  color: z.enum(CARD_COLORS).optional(),
  type: z.enum(CARD_TYPES).optional(),
  rarity: z.enum(CARD_RARITIES).optional(),
  sort: z.enum(BINDER_CARD_SORTS).default('number'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(60),
});
export type BinderCardsQuery = z.input<typeof BinderCardsQuery>;
export type BinderCardsFilter = z.infer<typeof BinderCardsQuery>;
export const BinderCardsResponse = z.object({
  items: z.array(BinderCardRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BinderCardsResponse = z.infer<typeof BinderCardsResponse>;

const IMPORT_FORMATS = ['csv', 'optcgsim'] as const;
const IMPORT_MODES = ['merge', 'replace'] as const;
export const ImportQuery = z.object({
  format: z.enum(IMPORT_FORMATS).default('csv'),
  mode: z.enum(IMPORT_MODES).default('merge'),
  currency: z.enum(CURRENCY_CODES).default('BRL').describe('Currency of the price column (Liga prices are in BRL)'),
});
export const IMPORT_FAILURE_REASONS = [
  'MISSING_NUMBER',
  'MISSING_EDITION',
  'BAD_QUANTITY',
  'BAD_PRICE',
  'EXPANSION_NOT_FOUND',
  'CARD_NOT_FOUND',
] as const;
/** English text of each failure reason (spec §8 names 'expansion not found' and 'card not found for the expansion and number'). */
export const IMPORT_FAILURE_MESSAGES_EN: Record<(typeof IMPORT_FAILURE_REASONS)[number], string> = {
  MISSING_NUMBER: 'No card number',
  MISSING_EDITION: 'No edition code',
  BAD_QUANTITY: 'The quantity must be a whole number from 1 to 9,999',
  BAD_PRICE: 'The price is not a number',
  EXPANSION_NOT_FOUND: 'Expansion not found',
  CARD_NOT_FOUND: 'Card not found for the expansion and number',
};
export const ImportFailure = z.object({
  line: z.number().int(),
  edition: z.string().nullable(),
  name: z.string().nullable(),
  number: z.string().nullable(),
  reason: z.enum(IMPORT_FAILURE_REASONS),
  message: z.string(),
});
export type ImportFailure = z.infer<typeof ImportFailure>;
export const ImportResult = z.object({
  format: z.enum(['liga', 'generic', 'optcgsim']),
  mode: z.enum(IMPORT_MODES),
  imported: z.number().int().describe('Rows read and stored'),
  copies: z.number().int(),
  failures: z.array(ImportFailure).describe('The first 1,000 rows that could not be imported'),
  failureCount: z.number().int().describe('How many rows could not be imported in all'),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('liga'),
  market: z.enum(MARKETPLACE_IDS).default(DEFAULT_MARKETPLACE).describe('Format with Prices: the marketplace of the price columns'),
  priceType: z.enum(PRICE_TYPES).default('min').describe('Format with Prices: min, avg or max'),
  currency: z.enum(CURRENCY_CODES).default('USD').describe('Format with Prices: the currency of the price columns'),
});

export const WishlistIdsResponse = z.object({ binderId: z.string().nullable(), cardIds: z.array(z.number().int()) });
export type WishlistIdsResponse = z.infer<typeof WishlistIdsResponse>;
export const OwnedResponse = z.object({ counts: z.record(z.string(), z.number().int()).describe('Card number → copies over Personal and Trade binders') });
export type OwnedResponse = z.infer<typeof OwnedResponse>;
export const PortfolioResponse = z.object({
  binders: z.number().int().describe('Personal binders counted'),
  stats: CollectionStats,
  topCards: z.array(z.object({ card: Card, quantity: z.number().int() })).describe('Most valuable cards once prices exist; by copies until then'),
});
export type PortfolioResponse = z.infer<typeof PortfolioResponse>;
