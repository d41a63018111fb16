import type { CollectionValue, CollectionValueQuery, ValueHistoryResponse } from '@grandline/core/contracts/prices';
import { type CurrencyCode, isCurrencyCode } from '@grandline/core/money/currencies';
import { MARKET_CODES, priceCodesOf } from '@grandline/core/prices/codes';
import { estimateSourceOf } from '@grandline/core/marketplaces';
import { demoPrice } from '@grandline/core/prices/demo';
import { and, asc, gte, inArray } from 'drizzle-orm';
import { cardPriceLatest, cardPrices, cards } from '../../db/schema/index';
import { minorToCents } from '@grandline/core/money/money';
import { convertCents } from '@grandline/core/prices/fx';
import { collectionValue, priceChange, unitPrice } from '@grandline/core/prices/value';
import type { Db } from '../../db/client';
import type { PriceConfig } from '../../lib/price-config';
import { daysAgo } from './price-days';
import { priceSummaries, priceSummariesOn } from './prices.service';
import { ratesBook } from './rates.service';

/** A held row: a print, its copies and what was paid for one (ISO minor units of its currency), if recorded. */
export interface HeldRow {
  cardId: number;
  quantity: number;
  purchasePriceMinor: number | null;
  purchaseCurrency: string | null;
}

/** Most rows a value looks at (a binder holds at most 50,000 rows, an import's cap). */
const MAX_ROWS = 100_000;
/** Top movers are looked for among the most valuable prints held, at most this many (docs/prices.md). */
const MOVER_CANDIDATES = 250;
const MOVERS_EACH_WAY = 5;

/**
 * The value of held rows in one market, price type and currency: total, priced and unpriced copies, cost basis and
 * gain from the purchase prices already stored (converted at today's rates), the most valuable prints and the top
 * movers (the largest 7-day changes of the unit price, up and down).
 */
export async function valueOfRows({ db, rows, query, config }: { db: Db; rows: readonly HeldRow[]; query: CollectionValueQuery; config: PriceConfig }): Promise<CollectionValue> {
  const { market, priceType, currency } = query;
  const held = new Map<number, { quantity: number; paid: number; paidCopies: number }>();
  const rates = (await ratesBook(db)).latest().rates;
  const valueRows = rows.slice(0, MAX_ROWS).map((row) => {
    const paidCents =
      row.purchasePriceMinor !== null && row.purchaseCurrency && isCurrencyCode(row.purchaseCurrency)
        ? convertCents(minorToCents(row.purchasePriceMinor, row.purchaseCurrency), row.purchaseCurrency, currency, rates)
        : null;
    const h = held.get(row.cardId) ?? { quantity: 0, paid: 0, paidCopies: 0 };
    h.quantity += row.quantity;
    held.set(row.cardId, h);
    return { cardId: row.cardId, quantity: row.quantity, paidCents };
  });
  const ids = [...held.keys()];
  const prices = await priceSummaries({ db, cardIds: ids, market, currency, config });
  const value = collectionValue(valueRows, prices, priceType);

  const ranked = ids
    .flatMap((cardId) => {
      const unit = unitPrice(prices.get(cardId), priceType);
      return unit === null ? [] : [{ cardId, quantity: held.get(cardId)!.quantity, unit, total: unit * held.get(cardId)!.quantity }];
    })
    .sort((a, b) => b.total - a.total || a.cardId - b.cardId);

  const candidates = ranked.slice(0, MOVER_CANDIDATES);
  const before = await priceSummariesOn({ db, cardIds: candidates.map((c) => c.cardId), market, currency, config, day: daysAgo(7) });
  const changes = candidates.flatMap((c) => {
    const then = unitPrice(before.get(c.cardId), priceType);
    const change = priceChange(c.unit, then);
    return change && change.change !== 0 ? [{ cardId: c.cardId, unit: c.unit, before: then!, change: change.change, ratio: change.ratio }] : [];
  });
  const byRatio = (a: (typeof changes)[number], b: (typeof changes)[number]) => (b.ratio ?? 0) - (a.ratio ?? 0) || b.change - a.change;
  const up = changes.filter((c) => c.change > 0).sort(byRatio).slice(0, MOVERS_EACH_WAY);
  const down = changes.filter((c) => c.change < 0).sort((a, b) => byRatio(b, a)).slice(0, MOVERS_EACH_WAY);

  return { market, priceType, currency, ...value, mostValuable: ranked.slice(0, 10), movers: [...up, ...down] };
}

/** Most distinct prints a value history follows (a history walks every day of every print). */
const MAX_HISTORY_PRINTS = 5_000;

/**
 * The value of today's holdings on each of the last `days` days, at that day's prices (the last known price of each
 * print carried forward over days without one) and that day's rates. Holdings are not dated, so this is "what these
 * cards were worth", not a record of past collections (docs/prices.md).
 */
export async function valueHistory({ db, rows, query, days, config }: { db: Db; rows: readonly HeldRow[]; query: CollectionValueQuery; days: number; config: PriceConfig }): Promise<ValueHistoryResponse> {
  const { market, priceType, currency } = query;
  const quantities = new Map<number, number>();
  for (const r of rows.slice(0, MAX_ROWS)) quantities.set(r.cardId, (quantities.get(r.cardId) ?? 0) + r.quantity);
  const ids = [...quantities.keys()].slice(0, MAX_HISTORY_PRINTS);
  const first = daysAgo(days - 1);
  const dates: string[] = [];
  for (let i = days - 1; i >= 0; i--) dates.push(daysAgo(i));
  const totals = new Map(dates.map((d) => [d, { total: 0, demo: false }]));
  if (ids.length) {
    const book = await ratesBook(db);
    const codes = priceCodesOf(market);
    const latest = await db
      .select({ cardId: cardPriceLatest.cardId, market: cardPriceLatest.market, demo: cardPriceLatest.demo })
      .from(cardPriceLatest)
      .where(and(inArray(cardPriceLatest.market, codes), inArray(cardPriceLatest.cardId, ids)));
    const series = new Map<number, { market: number; demo: boolean }>();
    for (const row of latest.sort((a, b) => (a.market === MARKET_CODES[market] ? -1 : 0) - (b.market === MARKET_CODES[market] ? -1 : 0))) {
      if (!series.has(row.cardId)) series.set(row.cardId, { market: row.market, demo: row.demo });
    }
    const factorOf = (cardId: number) => (series.get(cardId)!.market !== MARKET_CODES[market] ? config.brImportFactor : 1);
    const realIds = ids.filter((id) => series.get(id)?.demo === false);
    if (realIds.length) {
      // The last price before the range starts, then every day in it: carried forward per print.
      const rowsIn = await db
        .select({ cardId: cardPrices.cardId, market: cardPrices.market, day: cardPrices.day, currency: cardPrices.currency, min: cardPrices.min, avg: cardPrices.avg, max: cardPrices.max })
        .from(cardPrices)
        .where(and(inArray(cardPrices.cardId, realIds), inArray(cardPrices.market, codes), gte(cardPrices.day, first)))
        .orderBy(asc(cardPrices.day));
      const byDay = new Map<string, typeof rowsIn>();
      for (const r of rowsIn) if (series.get(r.cardId)?.market === r.market) (byDay.get(r.day) ?? byDay.set(r.day, []).get(r.day)!).push(r);
      const current = new Map<number, number>();
      for (const date of dates) {
        const rates = book.on(date).rates;
        for (const r of byDay.get(date) ?? []) {
          const unit = r[priceType];
          if (unit === null) current.delete(r.cardId);
          else current.set(r.cardId, Math.round(convertCents(unit, isCurrencyCode(r.currency) ? r.currency : 'USD', currency, rates) * factorOf(r.cardId)));
        }
        let total = 0;
        for (const [cardId, unit] of current) total += unit * quantities.get(cardId)!;
        totals.get(date)!.total += total;
      }
    }
    const demoIds = ids.filter((id) => series.get(id)?.demo === true);
    if (demoIds.length && config.demo) {
      const prints = await db.select({ id: cards.id, cardNumber: cards.cardNumber, variant: cards.variant, rarity: cards.rarity }).from(cards).where(inArray(cards.id, demoIds));
      for (const date of dates) {
        const rates = book.on(date).rates;
        const point = totals.get(date)!;
        for (const print of prints) {
          const demo = demoPrice(print, estimateSourceOf(market) ?? market, date);
          if (!demo) continue;
          point.total += Math.round(convertCents(demo[priceType], demo.currency as CurrencyCode, currency, rates) * factorOf(print.id)) * quantities.get(print.id)!;
          point.demo = true;
        }
      }
    }
  }
  return { market, priceType, currency, points: dates.map((date) => ({ date, ...totals.get(date)! })) };
}
