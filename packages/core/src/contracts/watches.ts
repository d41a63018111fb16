import { z } from 'zod';
import { MAX_WATCHES_PER_USER } from '../plans';
import { Card } from './cards';
import { IntId } from './common';
import { Currency, Market } from './prices';

/*
 * Price alerts (spec §2 watchlist, §3 Watch, §4 watch status, §5 rules). A watch compares a market's current min price
 * of one print with a threshold in the user's currency. Prices are integer hundredths of their currency, as in every
 * price contract; the threshold travels as the user typed it (12.5).
 */

const WATCH_DIRECTIONS = ['below', 'above'] as const;
export type WatchDirection = (typeof WATCH_DIRECTIONS)[number];
const WATCH_STATUSES = ['watching', 'below_threshold_met', 'above_threshold_met'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/** The largest threshold accepted (10 million in any currency): a card's price, not an overflow. */
export const MAX_WATCH_THRESHOLD = 10_000_000;

/** A positive amount in major units, kept to hundredths; 'validation.thresholdTooHigh' past the maximum, 'validation.thresholdInvalid' otherwise. */
export const WatchThreshold = z
  .number('validation.thresholdInvalid')
  .finite('validation.thresholdInvalid')
  .max(MAX_WATCH_THRESHOLD, 'validation.thresholdTooHigh')
  .refine((v) => Math.round(v * 100) >= 1, 'validation.thresholdInvalid');

export const WatchDirection = z.enum(WATCH_DIRECTIONS, 'validation.watchDirectionInvalid');

export const CreateWatchRequest = z.object({
  cardId: IntId('validation.invalidCardId'),
  market: Market,
  direction: WatchDirection,
  threshold: WatchThreshold,
  currency: Currency,
});
export type CreateWatchRequest = z.infer<typeof CreateWatchRequest>;

/** An edit re-arms the watch: its status goes back to watching (spec: it fires once, then waits for an edit). */
export const UpdateWatchRequest = CreateWatchRequest.omit({ cardId: true })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.nothingToUpdate');
export type UpdateWatchRequest = z.infer<typeof UpdateWatchRequest>;

export const WatchIdParam = z.object({ id: z.uuid('validation.watchIdInvalid') });

export const Watch = z.object({
  id: z.string(),
  card: Card,
  market: Market,
  direction: WatchDirection,
  /** As the user gave it, in major units of `currency` (12.5). */
  threshold: z.number(),
  currency: Currency,
  status: z.enum(WATCH_STATUSES),
  /** The market's current min price in hundredths of `currency` (br: the estimate from us when Liga has none); null without one. */
  currentPrice: z.number().int().nullable(),
  /** The day of that price, and whether it is an estimate or a demo price. */
  priceDate: z.string().nullable(),
  priceEstimate: z.boolean(),
  priceDemo: z.boolean(),
  /** When the watch fired, and the price (hundredths of `currency`) that made it fire; null while watching. */
  triggeredAt: z.string().nullable(),
  triggeredPrice: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Watch = z.infer<typeof Watch>;

export const WatchListResponse = z.object({
  items: z.array(Watch).max(MAX_WATCHES_PER_USER),
  /** The user's plan limit (null: unlimited), for the "2 of 3" shown beside the list. */
  limit: z.number().int().nullable(),
});
export type WatchListResponse = z.infer<typeof WatchListResponse>;

/* ---- Notifications ---- */

/**
 * What a notification tells: a price alert fired (watch_triggered), someone followed the user (followed), someone
 * commented on one of the user's decks or binders (commented), new cards of the catalogue match one of the user's
 * saved searches (search_match), a ban, restriction, banned pair or rotation makes one of the user's decks illegal
 * (deck_regulation), the other party of a trade took a step (trade). Followed, commented and trade carry who did it as
 * they were named then.
 */
export type NotificationKind = 'watch_triggered' | 'followed' | 'commented' | 'search_match' | 'deck_regulation' | 'trade';

export const WatchTriggeredData = z.object({
  watchId: z.string(),
  cardId: z.number().int(),
  cardNumber: z.string(),
  cardName: z.string(),
  variant: z.string().nullable(),
  market: Market,
  direction: WatchDirection,
  threshold: z.number(),
  currency: Currency,
  /** Hundredths of `currency`. */
  price: z.number().int(),
  /** The price that fired it was a demonstration price (PRICE_DEMO), not market data: shown labelled, never e-mailed or pushed. */
  demo: z.boolean().default(false),
});
export type WatchTriggeredData = z.infer<typeof WatchTriggeredData>;

/** Who followed or commented: their profile's name (its page is /u/{username}). */
const Actor = { username: z.string(), displayName: z.string().nullable() };

export const FollowedData = z.object(Actor);
export type FollowedData = z.infer<typeof FollowedData>;

/** Characters of a comment a notification repeats (the rest is on the deck's or binder's page). */
export const COMMENT_EXCERPT_LENGTH = 140;

export const CommentedData = z.object({
  ...Actor,
  commentId: z.string(),
  /** The deck or binder commented on (its page: /deck/{id} or /collection/{id}), named as it was then. */
  itemKind: z.enum(['deck', 'binder']),
  itemId: z.string(),
  itemName: z.string(),
  /** The comment's plain text, cut to COMMENT_EXCERPT_LENGTH characters (with … when cut). */
  excerpt: z.string(),
});
export type CommentedData = z.infer<typeof CommentedData>;

/** New prints a search_match notification lists (the rest are counted in `total`). */
export const SEARCH_MATCH_LISTED_CARDS = 20;

/**
 * New prints of the catalogue (an import of the card package, or a print an admin added) that match a saved search
 * (issue 42): the search as it was named then, its query (the library's link: /cards?q=…), the first
 * SEARCH_MATCH_LISTED_CARDS matching prints and how many matched in all. A (search, print) pair is told once.
 */
export const SearchMatchData = z.object({
  searchId: z.string(),
  searchName: z.string(),
  q: z.string(),
  cards: z.array(z.object({ cardId: z.number().int(), cardNumber: z.string(), name: z.string(), variant: z.string().nullable() })).max(SEARCH_MATCH_LISTED_CARDS),
  total: z.number().int().min(1),
});
export type SearchMatchData = z.infer<typeof SearchMatchData>;

/** Cards a deck_regulation notification lists (the rest are counted in `total`). */
export const DECK_REGULATION_LISTED_CARDS = 20;

const DECK_REGULATION_REASONS = ['banned', 'restricted', 'pair', 'rotation'] as const;

/**
 * A dated change of the deck rules that makes one of the user's saved decks illegal on its first day (issue 43): a
 * banned card, a card restricted to 1 copy the deck plays more of, a banned pair the deck holds both of (`reason`, an
 * admin's entry), or a Standard rotation 30 days and 1 day ahead (`daysBefore`, `minBlock`: the lowest block still
 * legal). `day` is the first day (YYYY-MM-DD, UTC); `cards` the deck's cards it strikes (number order, at most
 * DECK_REGULATION_LISTED_CARDS; `total` counts them all); the deck as it was named then (its page: /deck/{deckId}).
 */
export const DeckRegulationData = z.object({
  deckId: z.string(),
  deckName: z.string(),
  day: z.string(),
  reason: z.enum(DECK_REGULATION_REASONS),
  cards: z.array(z.object({ cardNumber: z.string(), name: z.string() })).max(DECK_REGULATION_LISTED_CARDS),
  total: z.number().int().min(1),
  daysBefore: z.number().int().min(0).optional(),
  minBlock: z.number().int().optional(),
});
export type DeckRegulationData = z.infer<typeof DeckRegulationData>;

/** The steps of a trade the other party is told of (issue 44): received = one party marked it received, not both yet. */
const TRADE_EVENTS = ['proposed', 'accepted', 'declined', 'cancelled', 'received', 'completed'] as const;

/**
 * The other party of a trade took a step (issue 44): the trade (its page: /trades/{tradeId}), the step, who took it
 * as they were named then, and the copies the proposer gives and gets.
 */
export const TradeNoticeData = z.object({
  tradeId: z.string(),
  event: z.enum(TRADE_EVENTS),
  from: z.object(Actor),
  give: z.number().int(),
  get: z.number().int(),
});
export type TradeNoticeData = z.infer<typeof TradeNoticeData>;

const NotificationFields = { id: z.number().int(), createdAt: z.string(), readAt: z.string().nullable() };

/** What a notification tells (NotificationKind); its data by kind. */
export const Notification = z.discriminatedUnion('kind', [
  z.object({ ...NotificationFields, kind: z.literal('watch_triggered'), data: WatchTriggeredData }),
  z.object({ ...NotificationFields, kind: z.literal('followed'), data: FollowedData }),
  z.object({ ...NotificationFields, kind: z.literal('commented'), data: CommentedData }),
  z.object({ ...NotificationFields, kind: z.literal('search_match'), data: SearchMatchData }),
  z.object({ ...NotificationFields, kind: z.literal('deck_regulation'), data: DeckRegulationData }),
  z.object({ ...NotificationFields, kind: z.literal('trade'), data: TradeNoticeData }),
]);
export type Notification = z.infer<typeof Notification>;
export type CommunityNotification = Extract<Notification, { kind: 'followed' | 'commented' }>;

const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationsQuery = z.object({
  /** Keyset: notifications older than this id. */
  before: z.coerce.number('validation.invalidId').int('validation.invalidId').min(1, 'validation.invalidId').max(Number.MAX_SAFE_INTEGER, 'validation.invalidId').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

export const NotificationListResponse = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const UnreadCountResponse = z.object({ unread: z.number().int() });

export const NotificationIdParam = z.object({
  id: z.coerce.number('validation.invalidId').int('validation.invalidId').min(1, 'validation.invalidId').max(Number.MAX_SAFE_INTEGER, 'validation.invalidId'),
});
