import type { CollectionValue, CollectionValueQuery } from '@grandline/core/contracts/prices';
import { isCurrencyCode } from '@grandline/core/money/currencies';
import { minorToCents } from '@grandline/core/money/money';
import { convertCents } from '@grandline/core/prices/fx';
import { collectionValue, priceChange, unitPrice } from '@grandline/core/prices/value';
import type { Db } from '../../db/client';
import type { PriceConfig } from '../../lib/price-config';
import { daysAgo, priceSummaries, priceSummariesOn } from './prices.service';
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
/** Top movers are looked for among the most valuable prints held, at most this many. */
const MOVER_CANDIDATES = 2_000;
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
