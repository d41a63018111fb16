import type { HistoryRange, PricePoint, PriceHistoryResponse } from '@grandline/core/contracts/prices';
import { estimateSourceOf, type MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { MARKET_CODES } from '@grandline/core/prices/codes';
import { DEMO_HISTORY_DAYS, demoSeries } from '@grandline/core/prices/demo';
import { and, eq, gte, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { cardPriceLatest, cardPrices, cards } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { PriceConfig } from '../../lib/price-config';
import { addDays, converter, today } from './price-days';
import { ratesBook, type RatesDay } from './rates.service';

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

/** New prices or rates landed (pricesLanded): the kept histories, print rows and stored series are dropped. */
export function clearHistoryCaches() {
  histories.clear();
  askedOnce.clear();
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
