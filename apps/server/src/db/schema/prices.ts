import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cards } from './cards';

/*
 * Prices (docs/prices.md). Markets and sources are small integers (MARKET_CODES / SOURCE_CODES in
 * @grandline/core/prices/codes) so that a year of every print in every market — ~9 M rows — stays compact; amounts are
 * integer hundredths of `currency`.
 */

/**
 * One row per print, market and day: the day's min, avg and max in the source's currency. The key makes one print's
 * history one index range. Re-importing a day replaces that day's rows of that market.
 */
export const cardPrices = pgTable(
  'card_prices',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    market: smallint('market').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: smallint('source').notNull(),
    currency: text('currency').notNull(),
    min: integer('min'),
    avg: integer('avg'),
    max: integer('max'),
    trend: integer('trend'),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.market, t.day] }), index('card_prices_market_day_idx').on(t.market, t.day)],
);

/**
 * The current price of each print in each market: the newest day of `card_prices`, or a demo price. What lists,
 * sorting, filters and binder values read (one row per print and market, ~25 k rows).
 */
export const cardPriceLatest = pgTable(
  'card_price_latest',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    market: smallint('market').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: smallint('source').notNull(),
    currency: text('currency').notNull(),
    min: integer('min'),
    avg: integer('avg'),
    max: integer('max'),
    trend: integer('trend'),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.market] }), index('card_price_latest_market_idx').on(t.market, t.cardId)],
);

/**
 * Every product a feed listed on its last run, with the print it was matched to (null: unmatched, with the reason) —
 * the links shown beside prices, the cross-market joins (a CardTrader blueprint's TCGplayer id) and the admin's list
 * of unmatched products.
 */
export const priceProducts = pgTable(
  'price_products',
  {
    source: smallint('source').notNull(),
    productId: text('product_id').notNull(),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    market: smallint('market').notNull(),
    name: text('name').notNull(),
    number: text('number'),
    setName: text('set_name'),
    url: text('url'),
    reason: text('reason'),
    /** Ids of the same product on other markets, as "tcgplayer:454591" / "cardmarket:690500" (CardTrader carries them). */
    crossIds: text('cross_ids').array(),
    seenOn: date('seen_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.productId] }),
    uniqueIndex('price_products_card_idx').on(t.source, t.cardId).where(sql`${t.cardId} is not null`),
  ],
);

/** A product an admin tied to a print by hand: it wins over every rule from then on. */
export const pricePins = pgTable(
  'price_pins',
  {
    source: smallint('source').notNull(),
    productId: text('product_id').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.productId] }), uniqueIndex('price_pins_card_idx').on(t.source, t.cardId)],
);

/** One row per price or exchange-rate run: what it did, or why it failed. */
export const priceRuns = pgTable(
  'price_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    market: text('market'),
    day: date('day', { mode: 'string' }).notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    unmatched: integer('unmatched').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The first unmatched products (name, number, set, reason); the full list is in price_products. */
    details: jsonb('details').$type<unknown>(),
    error: text('error'),
  },
  (t) => [
    index('price_runs_source_idx').on(t.source, t.startedAt),
    check('price_runs_status', sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

/** Units of `currency` per 1 USD on `day` (ECB reference rates through Frankfurter; open.er-api for CLP, ARS, COP). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] }), check('exchange_rates_positive', sql`${t.rate} > 0`)],
);
