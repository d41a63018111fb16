import type { CardPricesResponse, HistoryRange, MarketPrice, PricePoint, PriceHistoryResponse, PriceSummary } from '@grandline/core/contracts/prices';
import { estimateSourceOf, MARKETPLACE_IDS, type MarketplaceId } from '@grandline/core/marketplaces';
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from '@grandline/core/money/currencies';
import { MARKET_CODES, marketOfCode, priceCodesOf, sourceOfCode } from '@grandline/core/prices/codes';
import { DEMO_HISTORY_DAYS, demoPrice, demoSeries } from '@grandline/core/prices/demo';
import { convertCents } from '@grandline/core/prices/fx';
import { and, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardPriceLatest, cardPrices, cards, priceProducts } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { PriceConfig } from '../../lib/price-config';
import { LRUCache } from 'lru-cache';
import { ratesBook, ratesChanged, type RatesDay } from './rates.service';
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
const DAY_MS = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const isStale = (day: string, now = today()) => Date.parse(`${now}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`) > STALE_AFTER_DAYS * DAY_MS;

type LatestRow = typeof cardPriceLatest.$inferSelect;

/** A figure in cents of `from` → cents of `to` at `rates`, times `factor` (the BR estimate's import factor). */
function converter(rates: RatesDay['rates'], from: string, to: CurrencyCode, factor = 1) {
  const source = isCurrencyCode(from) ? from : 'USD';
  return (cents: number | null) => (cents === null ? null : factor === 1 ? convertCents(cents, source, to, rates) : Math.round(convertCents(cents, source, to, rates) * factor));
}

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

const RANGE_DAYS: Record<HistoryRange, number | null> = { '7': 7, '30': 30, '90': 90, '365': 365, all: null };

/**
 * Answers of the history endpoint, per process, until new prices or rates land (`pricesLanded`, on the `prices` event
 * of any replica) or the day changes (the key holds it): popular cards are asked again and again.
 */
const histories = new LRUCache<string, PriceHistoryResponse>({ max: 2_000, maxSize: 20_000_000, sizeCalculation: (v) => 64 + v.points.length * 64 });
/**
 * Histories asked once so far: an answer is kept from its second request on. Most cards' charts are opened once in a
 * while; keeping every such answer (365 points × 5 markets a card) only churned the cache and the collector.
 */
const askedOnce = new LRUCache<string, true>({ max: 20_000 });

/** New prices or rates landed: cached rates and price histories are dropped. */
export function pricesLanded() {
  ratesChanged();
  histories.clear();
  askedOnce.clear();
  marketTables.clear();
  printRows.clear();
  storedSeriesCache.clear();
}

/**
 * One point per day, oldest first, each converted at its own day's rate. A print and market with real prices show
 * only those; one without shows its demo series (when demo prices are on) — never the two mixed. The br market
 * without Liga prices is the estimate from the US series.
 */
export async function getPriceHistory(args: HistoryArgs): Promise<PriceHistoryResponse> {
  const { cardId, market, days, currency, config } = args;
  const key = `${cardId}|${market}|${days}|${currency}|${today()}|${config.demo}|${config.brImportFactor}`;
  const hit = histories.get(key);
  if (hit) return hit;
  const answer = await readPriceHistory(args);
  if (askedOnce.has(key)) histories.set(key, answer);
  else askedOnce.set(key, true);
  return answer;
}

interface HistoryArgs {
  db: Db;
  cardId: number;
  market: MarketplaceId;
  days: HistoryRange;
  currency: CurrencyCode;
  config: PriceConfig;
}

async function readPriceHistory({ db, cardId, market, days, currency, config }: HistoryArgs): Promise<PriceHistoryResponse> {
  const [joined, book] = await Promise.all([printWithMarkets(db, cardId), ratesBook(db)]);
  const card = joined[0];
  if (!card) throw notFound('CARD_NOT_FOUND', 'Card not found');
  const latest = joined.flatMap((r) => (r.market === null ? [] : [{ market: r.market, demo: r.demo === true }]));
  const span = RANGE_DAYS[days];
  const to = today();
  const from = span === null ? null : addDays(to, -(span - 1));

  const own = latest.find((r) => r.market === MARKET_CODES[market]);
  const base = estimateSourceOf(market);
  let series = market;
  let factor = 1;
  if (!own && base && latest.some((r) => r.market === MARKET_CODES[base])) {
    series = base;
    factor = config.brImportFactor;
  }
  const seriesRow = latest.find((r) => r.market === MARKET_CODES[series]);
  const points: PricePoint[] = [];
  if (seriesRow && !seriesRow.demo) {
    const stored = await storedSeries(db, cardId, MARKET_CODES[series], from);
    let rates: RatesDay | undefined;
    let source = '';
    let convert: ReturnType<typeof converter> | undefined;
    for (let i = 0; i < stored.days.length; i++) {
      const day = stored.days[i]!;
      const dayRates = book.on(day);
      // One converter per rates day and source currency.
      if (dayRates !== rates || stored.currencies[i] !== source || !convert) {
        rates = dayRates;
        source = stored.currencies[i]!;
        convert = converter(dayRates.rates, source, currency, factor);
      }
      points.push({ date: day, min: convert(stored.mins[i] ?? null), avg: convert(stored.avgs[i] ?? null), max: convert(stored.maxs[i] ?? null), demo: false });
    }
  } else if (seriesRow?.demo && config.demo) {
    // "all" of a demo series: the days the demo history reaches.
    const count = span ?? DEMO_HISTORY_DAYS;
    const demo = demoSeries(card, series, addDays(to, -(count - 1)), count);
    let rates: RatesDay | undefined;
    let convert: ReturnType<typeof converter> | undefined;
    for (const p of demo?.points ?? []) {
      // One converter per rates day (the rates change at most daily, most often far less).
      const day = book.on(p.date);
      if (day !== rates || !convert) {
        rates = day;
        convert = converter(day.rates, demo!.currency, currency, factor);
      }
      points.push({ date: p.date, min: convert(p.min), avg: convert(p.avg), max: convert(p.max), demo: true });
    }
  }
  return { cardId, market, currency, points };
}

/*
 * A chart asks the five markets of one print at once, and the br estimate reads the us series again: the print's row
 * and each stored series are shared by the requests in flight and kept a little while (dropped when prices land).
 */
const printRows = new LRUCache<number, Promise<{ cardNumber: string; variant: string | null; rarity: string; market: number | null; demo: boolean | null }[]>>({ max: 2_000, ttl: 60_000 });
interface StoredSeries {
  days: string[];
  currencies: string[];
  mins: (number | null)[];
  avgs: (number | null)[];
  maxs: (number | null)[];
}
const storedSeriesCache = new LRUCache<string, Promise<StoredSeries>>({ max: 500, ttl: 60_000 });

function printWithMarkets(db: Db, cardId: number) {
  let rows = printRows.get(cardId);
  if (!rows) {
    rows = db
      .select({ cardNumber: cards.cardNumber, variant: cards.variant, rarity: cards.rarity, market: cardPriceLatest.market, demo: cardPriceLatest.demo })
      .from(cards)
      .leftJoin(cardPriceLatest, eq(cardPriceLatest.cardId, cards.id))
      .where(eq(cards.id, cardId))
      .then((r) => r);
    rows.catch(() => printRows.delete(cardId));
    printRows.set(cardId, rows);
  }
  return rows;
}

/** One print's stored days in one market, oldest first, as arrays: one row from the database instead of 365. */
function storedSeries(db: Db, cardId: number, market: number, from: string | null): Promise<StoredSeries> {
  const key = `${cardId}|${market}|${from ?? ''}`;
  let series = storedSeriesCache.get(key);
  if (!series) {
    series = db
      .select({
        days: sql<string[] | null>`array_agg(${cardPrices.day}::text order by ${cardPrices.day})`,
        currencies: sql<string[] | null>`array_agg(${cardPrices.currency} order by ${cardPrices.day})`,
        mins: sql<(number | null)[] | null>`array_agg(${cardPrices.min} order by ${cardPrices.day})`,
        avgs: sql<(number | null)[] | null>`array_agg(${cardPrices.avg} order by ${cardPrices.day})`,
        maxs: sql<(number | null)[] | null>`array_agg(${cardPrices.max} order by ${cardPrices.day})`,
      })
      .from(cardPrices)
      .where(and(eq(cardPrices.cardId, cardId), eq(cardPrices.market, market), ...(from ? [gte(cardPrices.day, from)] : [])))
      .then(([row]) => ({ days: row?.days ?? [], currencies: row?.currencies ?? [], mins: row?.mins ?? [], avgs: row?.avgs ?? [], maxs: row?.maxs ?? [] }));
    series.catch(() => storedSeriesCache.delete(key));
    storedSeriesCache.set(key, series);
  }
  return series;
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

export const daysAgo = (n: number) => addDays(today(), -n);

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
