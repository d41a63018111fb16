import { z } from 'zod';
import { VALUE_HISTORY_RANGES } from '../collection/options';
import { MAX_PRICE_IDS } from '../prices/limits';

export { VALUE_HISTORY_RANGES };
import { CSV_MARKETS, type CsvMarketId, DEFAULT_MARKETPLACE, MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { LIVE_SOURCES, PRICE_SOURCES } from '../prices/model';
import { IntId, IntIdParam, Paginated, Text } from './common';

/*
 * Prices travel in their own contract; the card contract stays as it is. Amounts are integer hundredths ("cents") of
 * their currency in every currency — `2 decimals` — and null for a figure the market does not give.
 */

const Cents = z.number().int().nullable();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Market = z.enum(MARKETPLACE_IDS);
export const Currency = z.enum(CURRENCY_CODES);
const PriceSource = z.enum(PRICE_SOURCES);

export const MarketPrice = z.object({
  market: Market,
  source: PriceSource,
  demo: z.boolean().describe('Generated demonstration prices, not market data'),
  estimate: z.boolean().describe('The BR estimate: the US price × USD→BRL × BR_IMPORT_FACTOR'),
  estimateFactor: z
    .number()
    .optional()
    .describe('With estimate: the factor (BR_IMPORT_FACTOR) applied after converting sourceMin/Avg/Max to the asked currency'),
  date: Day.describe('UTC day of the price'),
  stale: z.boolean().describe('Older than 3 days'),
  sourceCurrency: Currency,
  sourceMin: Cents,
  sourceAvg: Cents,
  sourceMax: Cents,
  min: Cents,
  avg: Cents,
  max: Cents,
  trend: Cents.optional().describe('Cardmarket trend price, in the asked currency'),
  url: z.string().nullable(),
});
export type MarketPrice = z.infer<typeof MarketPrice>;

export const CurrencyQuery = z.object({ currency: Currency.default('USD') });

export const CardPricesResponse = z.object({
  cardId: z.number().int(),
  currency: Currency,
  markets: z.array(MarketPrice),
});
export type CardPricesResponse = z.infer<typeof CardPricesResponse>;

const HISTORY_RANGES = ['7', '30', '90', '365', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const PriceHistoryQuery = z.object({
  market: Market.default(DEFAULT_MARKETPLACE),
  days: z.enum(HISTORY_RANGES, 'validation.invalidHistoryRange').default('30'),
  currency: Currency.default('USD'),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuery>;

export const PricePoint = z.object({ date: Day, min: Cents, avg: Cents, max: Cents, demo: z.boolean() });
export type PricePoint = z.infer<typeof PricePoint>;

export const PriceHistoryResponse = z.object({
  cardId: z.number().int(),
  market: Market,
  currency: Currency,
  points: z.array(PricePoint).describe('Oldest first, one point per day'),
});
export type PriceHistoryResponse = z.infer<typeof PriceHistoryResponse>;

export const ExchangeRatesResponse = z.object({
  base: z.literal('USD'),
  date: Day,
  source: z.string().describe('frankfurter, open-er-api, both joined by "+", or snapshot (the bundled dated rates)'),
  rates: z.record(Currency, z.number().positive()),
  /** The spec's exchange_rate rows (§7): key CURRENT_USD_BRL_RATE … and value. */
  rows: z.array(z.object({ key: z.string(), value: z.number() })),
});
export type ExchangeRatesResponse = z.infer<typeof ExchangeRatesResponse>;

export const CardPriceParam = z.object({ id: IntIdParam('validation.invalidCardId') });

/** The price of one print in one market, as a list or a binder row shows it (already in the asked currency). */
export const PriceSummary = z.object({
  min: Cents,
  avg: Cents,
  max: Cents,
  date: Day,
  demo: z.boolean(),
  estimate: z.boolean(),
  stale: z.boolean(),
});
export type PriceSummary = z.infer<typeof PriceSummary>;

export const PriceType = z.enum(PRICE_TYPES);

/* ---- Values of binders, the portfolio and decks; prices of many prints ---- */


export const LatestPricesQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(IntIdParam('validation.invalidCardId')).min(1, 'validation.invalidCardId').max(MAX_PRICE_IDS, 'validation.tooManyIds'),
  ),
  market: Market.default(DEFAULT_MARKETPLACE),
  currency: Currency.default('USD'),
});

export const LatestPricesResponse = z.object({
  market: Market,
  currency: Currency,
  prices: z.record(z.string(), PriceSummary).describe('By card id; a print without a price is absent'),
});
export type LatestPricesResponse = z.infer<typeof LatestPricesResponse>;

export const CollectionValueQuery = z.object({
  market: Market.default(DEFAULT_MARKETPLACE),
  priceType: PriceType.default('min'),
  currency: Currency.default('USD'),
});
export type CollectionValueQuery = z.infer<typeof CollectionValueQuery>;

const Money = z.number().int();
export const CollectionValue = z.object({
  market: Market,
  priceType: PriceType,
  currency: Currency,
  total: Money,
  pricedCopies: z.number().int(),
  unpricedCopies: z.number().int(),
  demo: z.boolean(),
  estimate: z.boolean(),
  stale: z.boolean(),
  costBasis: Money.describe('What the copies with a recorded purchase price and a market price cost, at today’s rates'),
  costBasisValue: Money,
  gain: Money.nullable(),
  gainRatio: z.number().nullable(),
  mostValuable: z.array(z.object({ cardId: z.number().int(), quantity: z.number().int(), unit: Money, total: Money })),
  movers: z
    .array(z.object({ cardId: z.number().int(), unit: Money, before: Money, change: Money, ratio: z.number().nullable() }))
    .describe('Largest 7-day changes of the unit price among the cards held, up and down'),
});
export type CollectionValue = z.infer<typeof CollectionValue>;

export const PortfolioValueResponse = CollectionValue.extend({
  binders: z.array(z.object({ id: z.string(), name: z.string(), total: Money, pricedCopies: z.number().int(), unpricedCopies: z.number().int() })),
});
export type PortfolioValueResponse = z.infer<typeof PortfolioValueResponse>;

/** GET /api/collection/values: each of the user's binders (Personal and Trade) at one market, price type and currency. */
export const BinderValuesResponse = z.object({
  market: Market,
  priceType: PriceType,
  currency: Currency,
  items: z.array(
    z.object({
      id: z.string(),
      total: Money,
      pricedCopies: z.number().int(),
      unpricedCopies: z.number().int(),
      demo: z.boolean().describe('Some of the total is demonstration prices, not market data'),
      estimate: z.boolean(),
    }),
  ),
});
export type BinderValuesResponse = z.infer<typeof BinderValuesResponse>;

/**
 * GET /api/wishlist/cost: what the wished copies the user does not own yet cost — per print, the wished quantity less
 * the copies of that print in their Personal and Trade binders — at one market, price type and currency.
 */
export const WishlistCostResponse = z.object({
  market: Market,
  priceType: PriceType,
  currency: Currency,
  total: Money,
  missingCopies: z.number().int().describe('Wished copies not owned yet'),
  pricedCopies: z.number().int(),
  unpricedCopies: z.number().int().describe('Missing copies this market has no price for (the total leaves them out)'),
  demo: z.boolean(),
  estimate: z.boolean(),
});
export type WishlistCostResponse = z.infer<typeof WishlistCostResponse>;

/* ==== Admin: price runs, uploaded price files, unmatched products and pins (every endpoint behind requireAdmin) ==== */

/** What a run's `source` names: a feed, the exchange rates (`fx`) or an uploaded price file (`csv`). */
export const PRICE_RUN_SOURCES = ['tcgcsv', 'cardmarket', 'cardtrader', 'csv', 'fx'] as const;
export const PriceRunSource = z.enum(PRICE_RUN_SOURCES);
export type PriceRunSource = z.infer<typeof PriceRunSource>;
/** The sources a server fetches by itself (PRICE_SOURCES), `fx` included: what "Run now" starts. */
export const LivePriceSource = z.enum(LIVE_SOURCES);
export type LivePriceSource = z.infer<typeof LivePriceSource>;
/** The feeds whose products are matched to prints: the unmatched list and the pins are theirs. */
export const PRODUCT_SOURCES = ['tcgcsv', 'cardmarket', 'cardtrader'] as const;
export const ProductSource = z.enum(PRODUCT_SOURCES);
export type ProductSource = z.infer<typeof ProductSource>;
const PRICE_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
/**
 * A run still `running` after this long was cut off (a live job is aborted after an hour, a stopped process leaves its
 * row behind): it no longer counts as running, so it blocks no new run.
 */
export const PRICE_RUN_STALE_MS = 65 * 60_000;

const emptyAsMissing = (v: unknown) => (v === '' ? undefined : v);

export const PriceRunsQuery = z.object({
  source: PriceRunSource.optional(),
  limit: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(200).default(50)),
});
export type PriceRunsQuery = z.infer<typeof PriceRunsQuery>;

export const PriceRun = z.object({
  id: z.number().int(),
  source: z.string(),
  market: z.string().nullable(),
  day: Day.describe('The UTC day the run priced'),
  trigger: z.string().describe('start, schedule, admin or cli'),
  status: z.enum(PRICE_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rows: z.number().int().describe('Prices stored (exchange rates: currencies stored)'),
  matched: z.number().int(),
  unmatched: z.number().int(),
  skipped: z.number().int().describe('Sealed products and cards without a number (DON!!)'),
  error: z.string().nullable(),
  details: z.unknown().describe('The run record: its first unmatched products (here at most 10; GET /admin/prices/unmatched lists them all), sourceUpdatedAt, or the rates’ date and sources'),
});
export type PriceRun = z.infer<typeof PriceRun>;

export const PriceRunsResponse = z.object({ items: z.array(PriceRun).describe('Newest first') });
export type PriceRunsResponse = z.infer<typeof PriceRunsResponse>;

export const PriceSourceState = z.object({
  source: LivePriceSource,
  configured: z.boolean().describe('Listed in PRICE_SOURCES on this server: it runs daily and can be run now'),
  running: z.boolean().describe(`A run of it started less than ${PRICE_RUN_STALE_MS / 60_000} minutes ago is still going`),
  lastRun: PriceRun.nullable(),
  lastSuccessAt: z.string().nullable(),
});
export type PriceSourceState = z.infer<typeof PriceSourceState>;

export const PriceSourcesResponse = z.object({ items: z.array(PriceSourceState) });
export type PriceSourcesResponse = z.infer<typeof PriceSourcesResponse>;

export const RunPriceSourceRequest = z.object({ source: LivePriceSource });
export type RunPriceSourceRequest = z.infer<typeof RunPriceSourceRequest>;

export const RunPriceSourceResponse = z.object({ started: z.literal(true), source: LivePriceSource });
export type RunPriceSourceResponse = z.infer<typeof RunPriceSourceResponse>;

export const PRICE_UPLOAD_SOURCES = ['csv', 'cardmarket'] as const;
export type PriceUploadSource = (typeof PRICE_UPLOAD_SOURCES)[number];
/** The markets a price CSV prices: br (Liga One Piece) or market4 (MYP Cards), those with no live feed. */
export const PRICE_CSV_MARKETS = CSV_MARKETS;
export type PriceCsvMarket = CsvMarketId;

/** A file part of a multipart form: checked by the service (a missing or empty one is NO_FILE). */
const UploadedFile = z.unknown().meta({ type: 'string', format: 'binary' });

export const PriceUploadForm = z
  .object({
    source: z.enum(PRICE_UPLOAD_SOURCES).describe('csv: a Liga One Piece or MYP Cards price file; cardmarket: the price guide and the singles product list'),
    market: z.preprocess(emptyAsMissing, z.enum(PRICE_CSV_MARKETS).optional()).describe('csv only: br (Liga One Piece) or market4 (MYP Cards)'),
    date: z.preprocess(emptyAsMissing, Day.optional()).describe('The UTC day the prices are of (YYYY-MM-DD, not in the future); default today'),
    file: UploadedFile.optional().describe('csv: the price CSV (card_number, variant, min, avg, max, currency); cardmarket: price_guide_18.json'),
    products: UploadedFile.optional().describe('cardmarket only: products_singles_18.json'),
  })
  .refine((form) => form.source !== 'csv' || form.market !== undefined, { path: ['market'], message: 'A price CSV needs its market: br or market4' });
export type PriceUploadForm = z.infer<typeof PriceUploadForm>;

export const UnmatchedPriceRow = z.object({
  productId: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  setName: z.string().nullable(),
  reason: z.string(),
});
export type UnmatchedPriceRow = z.infer<typeof UnmatchedPriceRow>;

/** How many unmatched rows an upload's answer lists (the run record keeps the first 500). */
export const UPLOAD_UNMATCHED_SHOWN = 100;

export const PriceUploadResponse = z.object({
  runId: z.number().int(),
  source: z.enum(PRICE_UPLOAD_SOURCES),
  market: Market,
  day: Day,
  status: z.enum(['succeeded', 'failed']),
  rows: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  unmatchedItems: z.array(UnmatchedPriceRow).describe(`The first ${UPLOAD_UNMATCHED_SHOWN} rows or products without a print, and why`),
});
export type PriceUploadResponse = z.infer<typeof PriceUploadResponse>;

const PageParam = z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(10000).default(1));
const ProductId = Text(64).min(1, 'validation.invalidId');

export const UnmatchedProductsQuery = z.object({
  source: ProductSource.default('tcgcsv'),
  q: Text(100, { tooLong: 'validation.searchTooLong' }).optional().describe('Part of the name or number'),
  page: PageParam,
  pageSize: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(100).default(25)),
});
export type UnmatchedProductsQuery = z.infer<typeof UnmatchedProductsQuery>;

export const UnmatchedProduct = z.object({
  source: ProductSource,
  productId: z.string(),
  market: Market,
  name: z.string(),
  number: z.string().nullable(),
  setName: z.string().nullable(),
  url: z.string().nullable(),
  reason: z.string().nullable().describe('NO_PRINT, AMBIGUOUS, UNKNOWN_SET, UNKNOWN_VARIANT, INVALID; null: its pin was removed or its print pinned to another product, matched again on the next run'),
  seenOn: Day,
});
export type UnmatchedProduct = z.infer<typeof UnmatchedProduct>;

export const UnmatchedProductsResponse = Paginated(UnmatchedProduct);
export type UnmatchedProductsResponse = z.infer<typeof UnmatchedProductsResponse>;

export const PricePinsQuery = z.object({ source: ProductSource.optional() });

export const PricePin = z.object({
  source: ProductSource,
  productId: z.string(),
  cardId: z.number().int(),
  card: z.object({ cardNumber: z.string(), name: z.string(), variant: z.string().nullable(), setCode: z.string().nullable() }),
  product: z.object({ name: z.string(), number: z.string().nullable(), setName: z.string().nullable(), url: z.string().nullable() }).nullable().describe('null when the last run of the source did not list it'),
  createdBy: z.string().nullable().describe('E-mail of the admin who pinned it'),
  createdAt: z.string(),
});
export type PricePin = z.infer<typeof PricePin>;

export const PricePinsResponse = z.object({ items: z.array(PricePin).describe('Newest first') });
export type PricePinsResponse = z.infer<typeof PricePinsResponse>;

export const CreatePricePinRequest = z.object({ source: ProductSource, productId: ProductId, cardId: IntId('validation.invalidCardId') });
export type CreatePricePinRequest = z.infer<typeof CreatePricePinRequest>;

export const PricePinParam = z.object({ source: ProductSource, productId: ProductId });

export const ValueHistoryQuery = CollectionValueQuery.extend({ days: z.enum(VALUE_HISTORY_RANGES, 'validation.invalidHistoryRange').default('30') });
export type ValueHistoryQuery = z.infer<typeof ValueHistoryQuery>;

export const ValueHistoryResponse = z.object({
  market: Market,
  priceType: PriceType,
  currency: Currency,
  points: z.array(z.object({ date: Day, total: z.number().int(), demo: z.boolean() })).describe('Oldest first: today’s holdings at each day’s prices and rates'),
});
export type ValueHistoryResponse = z.infer<typeof ValueHistoryResponse>;
