import type { CardPricesResponse, MarketPrice, PriceSummary } from '@grandline/core/contracts/prices';
import { estimateSourceOf, MARKETPLACE_IDS, type MarketplaceId } from '@grandline/core/marketplaces';
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from '@grandline/core/money/currencies';
import { MARKET_CODES, marketOfCode, priceCodesOf, sourceOfCode } from '@grandline/core/prices/codes';
import { demoPrice } from '@grandline/core/prices/demo';
import { and, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardPriceLatest, cardPrices, cards, priceProducts } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { PriceConfig } from '../../lib/price-config';
import { clearHistoryCaches } from './price-history.service';
import { addDays, converter, DAY_MS, today } from './price-days';
import { ratesBook, ratesChanged } from './rates.service';
import { catalogueIndex } from '../../catalogue/catalogue-index';

/** Above this many prints, priceSummaries reads the market's current prices whole (see there). */
const WHOLE_MARKET_IDS = 400;

/** Current prices matching `where`, as one row of arrays (column by column, in the same order). */
async function latestArrays(db: Db, where: SQL) {
  const [row] = await db
    .select({
      cardIds: sql<number[] | null>`array_agg(${cardPriceLatest.cardId})`,
      markets: sql<number[] | null>`array_agg(${cardPriceLatest.market})`,
      days: sql<string[] | null>`array_agg(${cardPriceLatest.day}::text)`,
      currencies: sql<string[] | null>`array_agg(${cardPriceLatest.currency})`,
      mins: sql<(number | null)[] | null>`array_agg(${cardPriceLatest.min})`,
      avgs: sql<(number | null)[] | null>`array_agg(${cardPriceLatest.avg})`,
      maxs: sql<(number | null)[] | null>`array_agg(${cardPriceLatest.max})`,
      demos: sql<boolean[] | null>`array_agg(${cardPriceLatest.demo})`,
    })
    .from(cardPriceLatest)
    .where(where);
  return {
    cardIds: row?.cardIds ?? [],
    markets: row?.markets ?? [],
    days: row?.days ?? [],
    currencies: row?.currencies ?? [],
    mins: row?.mins ?? [],
    avgs: row?.avgs ?? [],
    maxs: row?.maxs ?? [],
    demos: row?.demos ?? [],
  };
}

type LatestArrays = Awaited<ReturnType<typeof latestArrays>>;

/**
 * Each market's current prices (one entry per print), kept in this process until prices land (`pricesLanded`, on the
 * `prices` event of any replica): what big binders, portfolios and price-sorted exports are valued with. A few
 * thousand entries per market; read once instead of once per request.
 */
const marketTables = new Map<number, Promise<LatestArrays>>();

function marketTable(db: Db, code: number): Promise<LatestArrays> {
  let table = marketTables.get(code);
  if (!table) {
    const read = latestArrays(db, eq(cardPriceLatest.market, code));
    table = read;
    marketTables.set(code, read);
    read.catch(() => {
      if (marketTables.get(code) === read) marketTables.delete(code);
    });
  }
  return table;
}

/**
 * Reads every market's current prices into this process ahead of the first request that needs them (after start and
 * whenever prices land), one market at a time; a failed read is read again when asked.
 */
export async function warmMarketTables(db: Db) {
  for (const code of Object.values(MARKET_CODES)) await marketTable(db, code).catch(() => undefined);
}

/** A price older than this many days is shown as stale. */
const STALE_AFTER_DAYS = 3;
const isStale = (day: string, now = today()) => Date.parse(`${now}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`) > STALE_AFTER_DAYS * DAY_MS;

type LatestRow = typeof cardPriceLatest.$inferSelect;

/**
 * The current price of each market of a card, converted to `currency` at today's rates. The br market is Liga's price
 * when there is one, otherwise the estimate: the US price × USD→BRL × BR_IMPORT_FACTOR (spec §2), flagged `estimate`.
 */
export async function getCardPrices({ db, cardId, currency, config }: { db: Db; cardId: number; currency: CurrencyCode; config: PriceConfig }): Promise<CardPricesResponse> {
  const [card] = await db.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId)).limit(1);
  if (!card) throw notFound('CARD_NOT_FOUND', 'Card not found');
  const [rows, links, book] = await Promise.all([
    db.select().from(cardPriceLatest).where(eq(cardPriceLatest.cardId, cardId)),
    db.select({ source: priceProducts.source, url: priceProducts.url }).from(priceProducts).where(and(eq(priceProducts.cardId, cardId), isNotNull(priceProducts.url))),
    ratesBook(db),
  ]);
  const rates = book.latest().rates;
  const urlOf = (source: number) => links.find((l) => l.source === source)?.url ?? null;
  const byMarket = new Map(rows.map((r) => [marketOfCode(r.market), r]));
  const entry = (market: MarketplaceId, row: LatestRow, estimate: boolean): MarketPrice => {
    const convert = converter(rates, row.currency, currency, estimate ? config.brImportFactor : 1);
    return {
      market,
      source: sourceOfCode(row.source),
      demo: row.demo,
      estimate,
      ...(estimate ? { estimateFactor: config.brImportFactor } : {}),
      date: row.day,
      stale: isStale(row.day),
      sourceCurrency: isCurrencyCode(row.currency) ? row.currency : 'USD',
      sourceMin: row.min,
      sourceAvg: row.avg,
      sourceMax: row.max,
      min: convert(row.min),
      avg: convert(row.avg),
      max: convert(row.max),
      ...(row.trend !== null ? { trend: convert(row.trend) } : {}),
      url: row.demo ? null : urlOf(row.source),
    };
  };
  const markets: MarketPrice[] = [];
  for (const market of MARKETPLACE_IDS) {
    const row = byMarket.get(market);
    const base = estimateSourceOf(market);
    const estimateRow = base ? byMarket.get(base) : undefined;
    if (row) markets.push(entry(market, row, false));
    else if (estimateRow) markets.push(entry(market, estimateRow, true));
  }
  return { cardId, currency, markets };
}

/**
 * The current price of many prints in one market, in `currency`: binder rows, deck lines and library pages. br falls
 * back to the estimate from us, as on the card page.
 */
export async function priceSummaries({
  db,
  cardIds,
  market,
  currency,
  config,
}: {
  db: Db;
  cardIds: readonly number[];
  market: MarketplaceId;
  currency: CurrencyCode;
  config: PriceConfig;
}): Promise<Map<number, PriceSummary>> {
  const out = new Map<number, PriceSummary>();
  if (!cardIds.length) return out;
  const ids = [...new Set(cardIds)];
  const codes = priceCodesOf(market);
  // A long list of ids (a big binder) costs more to send and plan than the whole market's current prices (one row per
  // print: ~5 k); past WHOLE_MARKET_IDS ids the market's table, kept in this process until prices land, is filtered
  // here. Either way the rows come back as one row of arrays: the embedded database hands over rows slowly.
  const wanted = ids.length > WHOLE_MARKET_IDS ? new Set(ids) : null;
  const [tables, book] = await Promise.all([
    wanted ? Promise.all(codes.map((code) => marketTable(db, code))) : latestArrays(db, and(inArray(cardPriceLatest.market, codes), inArray(cardPriceLatest.cardId, ids))!).then((t) => [t]),
    ratesBook(db),
  ]);
  const rates = book.latest().rates;
  // A day before this one is stale (ISO days compare as text).
  const staleBefore = addDays(today(), -STALE_AFTER_DAYS);
  const own = MARKET_CODES[market];
  // One converter per stored currency and kind (own or estimate), not one per print.
  const converters = new Map<string, ReturnType<typeof converter>>();
  const converterOf = (from: string, estimate: boolean) => {
    const key = `${from}${estimate}`;
    let convert = converters.get(key);
    if (!convert) converters.set(key, (convert = converter(rates, from, currency, estimate ? config.brImportFactor : 1)));
    return convert;
  };
  // Own market first, so a Liga price wins over the estimate.
  for (const pass of [true, false]) {
    for (const found of tables) {
      for (let i = 0; i < found.cardIds.length; i++) {
        const cardId = found.cardIds[i]!;
        if (found.markets[i] === own !== pass || (wanted && !wanted.has(cardId)) || out.has(cardId)) continue;
        const estimate = !pass;
        const convert = converterOf(found.currencies[i]!, estimate);
        const day = found.days[i]!;
        out.set(cardId, { min: convert(found.mins[i] ?? null), avg: convert(found.avgs[i] ?? null), max: convert(found.maxs[i] ?? null), date: day, demo: found.demos[i] === true, estimate, stale: day < staleBefore });
      }
    }
  }
  return out;
}

/**
 * The price of many prints in one market as it was on `day` (the last stored day on or before it; the demo series
 * for prints whose current price is a demo one), in `currency` at that day's rates. The top movers compare it with
 * today's.
 */
export async function priceSummariesOn({
  db,
  cardIds,
  market,
  currency,
  config,
  day,
}: {
  db: Db;
  cardIds: readonly number[];
  market: MarketplaceId;
  currency: CurrencyCode;
  config: PriceConfig;
  day: string;
}): Promise<Map<number, PriceSummary>> {
  const out = new Map<number, PriceSummary>();
  if (!cardIds.length) return out;
  const ids = [...new Set(cardIds)];
  const codes = priceCodesOf(market);
  const wanted = new Set(ids);
  const [tables, book] = await Promise.all([Promise.all(codes.map((code) => marketTable(db, code))), ratesBook(db)]);
  // Which series each print uses: its own market, else (br) the US one; demo or real. Own market first.
  const series = new Map<number, { market: number; demo: boolean }>();
  for (const table of tables) {
    for (let i = 0; i < table.cardIds.length; i++) {
      const cardId = table.cardIds[i]!;
      if (wanted.has(cardId) && !series.has(cardId)) series.set(cardId, { market: table.markets[i]!, demo: table.demos[i] === true });
    }
  }
  const realIds = [...series].filter(([, s]) => !s.demo).map(([id]) => id);
  const demoIds = [...series].filter(([, s]) => s.demo).map(([id]) => id);
  const rates = book.on(day).rates;
  const put = (cardId: number, from: string, figures: { min: number | null; avg: number | null; max: number | null }, date: string, demo: boolean) => {
    const s = series.get(cardId)!;
    const estimate = s.market !== MARKET_CODES[market];
    const convert = converter(rates, from, currency, estimate ? config.brImportFactor : 1);
    out.set(cardId, { min: convert(figures.min), avg: convert(figures.avg), max: convert(figures.max), date, demo, estimate, stale: false });
  };
  if (realIds.length) {
    const rows = await db
      .selectDistinctOn([cardPrices.cardId, cardPrices.market], { cardId: cardPrices.cardId, market: cardPrices.market, day: cardPrices.day, currency: cardPrices.currency, min: cardPrices.min, avg: cardPrices.avg, max: cardPrices.max })
      .from(cardPrices)
      .where(and(inArray(cardPrices.cardId, realIds), inArray(cardPrices.market, codes), lte(cardPrices.day, day)))
      .orderBy(cardPrices.cardId, cardPrices.market, desc(cardPrices.day));
    for (const r of rows) if (series.get(r.cardId)?.market === r.market) put(r.cardId, r.currency, r, r.day, false);
  }
  if (demoIds.length && config.demo) {
    const index = await catalogueIndex(db);
    for (const id of demoIds) {
      const print = index.byId.get(id);
      const demo = print && demoPrice(print, estimateSourceOf(market) ?? market, day);
      if (demo) put(id, demo.currency, demo, day, true);
    }
  }
  return out;
}

/** New prices or rates landed: cached rates, market tables and price histories are dropped. */
export function pricesLanded() {
  ratesChanged();
  marketTables.clear();
  clearHistoryCaches();
}

/**
 * SQL for the current price of `cards.id` in a market, price type and currency (hundredths; null without a price):
 * what the library sorts and filters by. A correlated lookup on card_price_latest's key per card; br falls back to
 * the estimate from us, as everywhere.
 */
export async function currentPriceSql({ db, market, priceType, currency, config }: { db: Db; market: MarketplaceId; priceType: 'min' | 'avg' | 'max'; currency: CurrencyCode; config: PriceConfig }): Promise<SQL> {
  const rates = (await ratesBook(db)).latest().rates;
  // Units of the asked currency per unit of each stored currency.
  const factor = sql.join(
    CURRENCY_CODES.map((c) => sql`when ${c} then ${rates[currency] / rates[c]}::float8`),
    sql` `,
  );
  const figure = sql.raw(`"${priceType}"`);
  const lookup = (code: number, times: number) =>
    sql`(select round(lp.${figure} * (case lp.currency ${factor} end) * ${times}::float8) from card_price_latest lp where lp.card_id = ${cards.id} and lp.market = ${code})`;
  const own = lookup(MARKET_CODES[market], 1);
  const base = estimateSourceOf(market);
  return base ? sql`coalesce(${own}, ${lookup(MARKET_CODES[base], config.brImportFactor)})` : own;
}
