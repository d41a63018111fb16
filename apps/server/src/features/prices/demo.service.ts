import { MARKET_CODES, SOURCE_CODES } from '@grandline/core/prices/codes';
import { DEMO_MARKETS, demoPrice } from '@grandline/core/prices/demo';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardPriceLatest, cards } from '../../db/schema/index';
import { writeInTurns } from '../../lib/cooperative';
import { pricesLanded } from './prices.service';

/**
 * Writes today's demo price of every print in every demo market as its current price — only where no real price
 * is (a real price always wins; `setWhere` leaves real rows alone). The history is never stored: it is computed from
 * the same function (core/prices/demo.ts). ~19 k rows, a second or two on the embedded database, in batches that
 * leave the event loop a turn between them.
 */
export async function refreshDemoPrices(db: Db, day: string): Promise<number> {
  const prints = await db.select({ id: cards.id, cardNumber: cards.cardNumber, variant: cards.variant, rarity: cards.rarity }).from(cards);
  const rows = prints.flatMap((print) =>
    DEMO_MARKETS.map(({ market }) => {
      const price = demoPrice(print, market, day)!;
      return { cardId: print.id, market: MARKET_CODES[market], day, source: SOURCE_CODES.demo, currency: price.currency, min: price.min, avg: price.avg, max: price.max, trend: null, demo: true };
    }),
  );
  await db.transaction(async (tx) => {
    // A batch per statement with turns between: the server answers others meanwhile (lib/cooperative.ts).
    await writeInTurns(rows, (batch) =>
      tx
        .insert(cardPriceLatest)
        .values(batch)
        .onConflictDoUpdate({
          target: [cardPriceLatest.cardId, cardPriceLatest.market],
          set: { day: sql`excluded.day`, currency: sql`excluded.currency`, min: sql`excluded.min`, avg: sql`excluded.avg`, max: sql`excluded.max` },
          setWhere: sql`${cardPriceLatest.demo}`,
        }),
    );
  });
  pricesLanded();
  return rows.length;
}

/** Removes every demo price (demo turned off). */
export async function removeDemoPrices(db: Db): Promise<number> {
  const removed = await db.delete(cardPriceLatest).where(eq(cardPriceLatest.demo, true)).returning({ cardId: cardPriceLatest.cardId });
  pricesLanded();
  return removed.length;
}

/** Whether the demo prices are written for `day` already (a restart the same day does not rewrite them). */
export async function demoIsCurrent(db: Db, day: string): Promise<boolean> {
  const rows = await db.select({ day: cardPriceLatest.day }).from(cardPriceLatest).where(eq(cardPriceLatest.demo, true)).limit(1);
  return rows[0]?.day === day;
}
