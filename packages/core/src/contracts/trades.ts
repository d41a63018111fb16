import { z } from 'zod';
import { MARKETPLACE_IDS } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { IntId, Text } from './common';

/*
 * Trades (issue 44): users who opt in are matched — their Trade binders against the others' wishlists — propose
 * swaps, and the copies move when both parties say the trade happened. The API shapes written in the issue are fixed
 * (fields may be added, none renamed). Values are integer hundredths of the asked currency, as every price.
 */

/** The longest note of a user's trading settings. */
export const MAX_TRADING_NOTE = 280;
/** The longest note of a proposal. */
export const MAX_TRADE_NOTE = 500;
/** Most lines on one side of a proposal. */
const MAX_TRADE_LINES = 100;

const CountryCode = z.string().regex(/^[A-Za-z]{2}$/, 'validation.countryInvalid').transform((c) => c.toUpperCase());

/** PUT /api/me/trading */
export const TradingSettingsRequest = z.object({
  open: z.boolean('validation.tradingOpenRequired'),
  note: Text(MAX_TRADING_NOTE, { tooLong: 'validation.tradingNoteTooLong' }).nullish(),
  /** The countries the user trades with; empty: any. */
  countries: z.array(CountryCode).max(60, 'validation.tooManyCountries').optional(),
});
export type TradingSettingsRequest = z.input<typeof TradingSettingsRequest>;

export const TradingSettings = z.object({ open: z.boolean(), note: z.string().nullable(), countries: z.array(z.string()) });
export type TradingSettings = z.infer<typeof TradingSettings>;

/**
 * GET /api/traders/{username}: a user open to trades as their public profile shows it — the note and the countries
 * they trade with — and whether the viewer may propose to them now (404 TRADER_NOT_FOUND for a user who is not open).
 */
export const TraderResponse = z.object({
  username: z.string(),
  open: z.literal(true),
  note: z.string().nullable(),
  countries: z.array(z.string()),
  /**
   * What stands between the viewer and a proposal: null (nothing: they may propose), 'signed_out', 'self',
   * 'not_open' (the viewer is not open to trades) or 'country' (either party's countries exclude the other).
   */
  blocked: z.enum(['signed_out', 'self', 'not_open', 'country']).nullable(),
});
export type TraderResponse = z.infer<typeof TraderResponse>;

/** A query parameter sent empty (`?currency=&country=`, as the issue writes the URL) is one left out. */
const emptyAsMissing = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/trades/matches?currency=&country= */
export const TradeMatchesQuery = z.object({
  currency: z.preprocess(emptyAsMissing, z.enum(CURRENCY_CODES).default('USD')),
  /** Only users of this country. */
  country: z.preprocess(emptyAsMissing, CountryCode.optional()),
  /** The market values are read on (default: the user's chosen market). */
  market: z.preprocess(emptyAsMissing, z.enum(MARKETPLACE_IDS).optional()),
});
export type TradeMatchesQuery = z.input<typeof TradeMatchesQuery>;

export const TradeParty = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  country: z.string().nullable(),
});
export type TradeParty = z.infer<typeof TradeParty>;

export const MatchCard = z.object({
  cardId: z.number().int(),
  cardNumber: z.string(),
  name: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
  /** The copies' value (quantity × the print's price), null when the market has no price for it. */
  value: z.number().int().nullable(),
});
export type MatchCard = z.infer<typeof MatchCard>;

export const TradeMatch = z.object({
  user: TradeParty,
  /** Their Trade copies of prints on my wishlist (up to what I want). */
  theyHave: z.array(MatchCard),
  /** My Trade copies of prints on their wishlist (up to what they want). */
  youHave: z.array(MatchCard),
  twoSided: z.boolean(),
  valueTheyHave: z.number().int(),
  valueYouHave: z.number().int(),
  /** Whether I follow them (they come first among equals). */
  following: z.boolean(),
});
export type TradeMatch = z.infer<typeof TradeMatch>;

export const TradeMatchesResponse = z.object({
  currency: z.enum(CURRENCY_CODES),
  market: z.enum(MARKETPLACE_IDS),
  /** Whether the asking user is open to trades: a closed user is matched with nobody (items empty) until they opt in. */
  open: z.boolean(),
  items: z.array(TradeMatch),
});
export type TradeMatchesResponse = z.infer<typeof TradeMatchesResponse>;

const TradeLineInput = z.object({
  cardId: IntId('validation.invalidCardId'),
  quantity: z.number('validation.quantityMin').int('validation.quantityMin').min(1, 'validation.quantityMin').max(999, 'validation.quantityMax'),
});

/** POST /api/trades */
export const CreateTradeRequest = z.object({
  to: z.string('validation.tradeRecipientRequired').trim().min(1, 'validation.tradeRecipientRequired').max(40),
  give: z.array(TradeLineInput).max(MAX_TRADE_LINES).default([]),
  get: z.array(TradeLineInput).max(MAX_TRADE_LINES).default([]),
  note: z.string().trim().max(MAX_TRADE_NOTE, 'validation.tradeNoteTooLong').nullish(),
});
export type CreateTradeRequest = z.input<typeof CreateTradeRequest>;

const TRADE_STATUSES = ['proposed', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const TradeLine = z.object({
  cardId: z.number().int(),
  cardNumber: z.string(),
  name: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
});
export type TradeLine = z.infer<typeof TradeLine>;

export const Trade = z.object({
  id: z.string(),
  status: z.enum(TRADE_STATUSES),
  /** Whether I proposed it. */
  mine: z.boolean(),
  proposer: TradeParty,
  recipient: TradeParty,
  /** What the proposer gives and gets. */
  give: z.array(TradeLine),
  get: z.array(TradeLine),
  note: z.string().nullable(),
  /** Each party's "received" mark (completion when both are set). */
  proposerReceived: z.boolean(),
  recipientReceived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Trade = z.infer<typeof Trade>;

export const TradeListResponse = z.object({ items: z.array(Trade) });
export type TradeListResponse = z.infer<typeof TradeListResponse>;

/**
 * Any text: an id that is not one of a trade (not even a UUID) is answered as a trade of someone else's, 404
 * TRADE_NOT_FOUND (issue 44: "anyone else 404"), never a different answer.
 */
export const TradeIdParam = z.object({ id: z.string() });

/** POST /api/trades/{id}/complete: where my received copies go (default: my first Personal binder). */
export const CompleteTradeRequest = z.object({ binderId: z.string().max(64).optional() });
export type CompleteTradeRequest = z.input<typeof CompleteTradeRequest>;
