import { z } from 'zod';
import { MARKETPLACE_IDS, PRICE_TYPES } from '../marketplaces';
import { CURRENCY_CODES } from '../money/currencies';
import { PRICE_SOURCES } from '../prices/model';
import { IntIdParam } from './common';

/*
 * Prices travel in their own contract; the card contract stays as it is. Amounts are integer hundredths ("cents") of
 * their currency in every currency — `2 decimals` — and null for a figure the market does not give.
 */

const Cents = z.number().int().nullable();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Market = z.enum(MARKETPLACE_IDS);
export const Currency = z.enum(CURRENCY_CODES);
export const PriceSource = z.enum(PRICE_SOURCES);

export const MarketPrice = z.object({
  market: Market,
  source: PriceSource,
  demo: z.boolean().describe('Generated demonstration prices, not market data'),
  estimate: z.boolean().describe('The BR estimate: the US price × USD→BRL × BR_IMPORT_FACTOR'),
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

export const HISTORY_RANGES = ['7', '30', '90', '365', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const PriceHistoryQuery = z.object({
  market: Market.default('us'),
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
