import { PRICE_RUN_STALE_MS } from '@grandline/core/contracts/prices';
import type { MarketplaceId } from '@grandline/core/marketplaces';
import { MARKET_CODES, SOURCE_CODES } from '@grandline/core/prices/codes';
import { matchExact, matchProducts } from '@grandline/core/prices/match';
import type { MarketProduct, MatchResult, PrintRef, ProductPrice, UnmatchedProduct } from '@grandline/core/prices/model';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbEvents, DbTx } from '../../db/client';
import { cardPriceLatest, cardPrices, cards, cardSets, pricePins, priceProducts, priceRuns } from '../../db/schema/index';
import { nextTurn, writeInTurns } from '../../lib/cooperative';
import type { Logger } from '../../lib/logger';
import { pricesLanded } from './prices.service';

/** A feed's data of one day, parsed: what `ingestFeed` writes. */
export interface FeedData {
  source: 'tcgcsv' | 'cardmarket' | 'cardtrader' | 'csv';
  market: MarketplaceId;
  products: MarketProduct[];
  prices: ProductPrice[];
  /** Cardmarket: products carry a number but no set or variant (match.ts, `nameOnly`). */
  nameOnly?: boolean;
  /** Rows the parser refused (a CSV's bad lines), reported with the run. */
  refused?: UnmatchedProduct[];
  /** When the feed says it was made (Cardmarket's createdAt), for the run's record. */
  sourceUpdatedAt?: string | null;
}

export type RunTrigger = 'start' | 'schedule' | 'admin' | 'cli';

export interface RunSummary {
  runId: number;
  source: string;
  market: string | null;
  day: string;
  status: 'succeeded' | 'failed';
  rows: number;
  matched: number;
  unmatched: number;
  skipped: number;
  error?: string;
}

/** How many unmatched products a run's record lists (all of them stay in price_products). */
const DETAILS_LIMIT = 500;
const MAX_ERROR = 2_000;

export const errorText = (err: unknown) => {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}…` : text;
};

/** Starts a run's record; `finishRun` closes it. The record is written outside the run's transaction, so a failed run stays visible. */
export async function startRun(db: Db, { source, market, day, trigger }: { source: string; market: string | null; day: string; trigger: RunTrigger }) {
  const [run] = await db.insert(priceRuns).values({ source, market, day, trigger, status: 'running' }).returning({ id: priceRuns.id });
  return run!.id;
}

/**
 * Marks price runs still `running` that nobody runs any more as failed (a `prices:import` killed mid-run left its row
 * `running` forever). `all`: every such run — on the embedded database, held by one process at a time, any is from a
 * process that stopped; otherwise those started more than PRICE_RUN_STALE_MS ago (another replica may be running a
 * newer one). At a server's or command's start, and hourly in housekeeping. Answers how many were marked.
 */
export async function failInterruptedRuns(db: Db, { all }: { all: boolean }): Promise<number> {
  const marked = await db
    .update(priceRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'interrupted: the process stopped during the run' })
    .where(
      and(
        eq(priceRuns.status, 'running'),
        all ? undefined : sql`${priceRuns.startedAt} < now() - make_interval(secs => ${PRICE_RUN_STALE_MS / 1000})`,
      ),
    )
    .returning({ id: priceRuns.id });
  return marked.length;
}

export async function finishRun(db: Db, runId: number, result: Omit<RunSummary, 'runId' | 'source' | 'market' | 'day'> & { details?: unknown }) {
  await db
    .update(priceRuns)
    .set({
      status: result.status,
      finishedAt: new Date(),
      rows: result.rows,
      matched: result.matched,
      unmatched: result.unmatched,
      skipped: result.skipped,
      details: result.details ?? null,
      error: result.error ?? null,
    })
    .where(eq(priceRuns.id, runId));
}

/** The catalogue's prints as the matcher sees them. */
async function printRefs(db: Db | DbTx): Promise<PrintRef[]> {
  return db
    .select({ id: cards.id, cardNumber: cards.cardNumber, variant: cards.variant, setCode: cardSets.code, rarity: cards.rarity, printOrder: cards.printOrder })
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id));
}

/**
 * Cross-market joins for a feed: CardTrader blueprints name their TCGplayer product and Cardmarket products, so a
 * blueprint takes the print its TCGplayer twin was matched to, and a Cardmarket product the print of the blueprint
 * that names it.
 */
async function crossJoins(tx: DbTx, feed: FeedData): Promise<Map<string, number>> {
  const joins = new Map<string, number>();
  if (feed.source === 'cardtrader') {
    const tcg = await tx
      .select({ productId: priceProducts.productId, cardId: priceProducts.cardId })
      .from(priceProducts)
      .where(and(eq(priceProducts.source, SOURCE_CODES.tcgcsv), isNotNull(priceProducts.cardId)));
    const byTcg = new Map(tcg.map((r) => [r.productId, r.cardId!]));
    for (const product of feed.products) {
      const cardId = product.tcgplayerId ? byTcg.get(String(product.tcgplayerId)) : undefined;
      if (cardId !== undefined) joins.set(product.productId, cardId);
    }
  }
  if (feed.source === 'cardmarket') {
    const blueprints = await tx
      .select({ cardId: priceProducts.cardId, crossIds: priceProducts.crossIds })
      .from(priceProducts)
      .where(and(eq(priceProducts.source, SOURCE_CODES.cardtrader), isNotNull(priceProducts.cardId)));
    for (const b of blueprints) {
      for (const id of b.crossIds ?? []) if (id.startsWith('cardmarket:')) joins.set(id.slice('cardmarket:'.length), b.cardId!);
    }
  }
  return joins;
}

const crossIdsOf = (p: MarketProduct) => {
  const ids = [...(p.tcgplayerId ? [`tcgplayer:${p.tcgplayerId}`] : []), ...(p.cardmarketIds ?? []).map((id) => `cardmarket:${id}`)];
  return ids.length ? ids : null;
};

/**
 * Writes one feed's day in one transaction: the products and what they matched, the day's prices of the matched prints
 * (replacing that market's day), and the current prices. A failure rolls all of it back — the previous data stays —
 * and the run is recorded as failed with its error. Listeners of the `prices` event drop their cached prices.
 */
export async function ingestFeed({
  db,
  events,
  log,
  feed,
  day,
  trigger,
  runId: givenRunId,
}: {
  db: Db;
  events?: DbEvents;
  log: Logger;
  feed: FeedData;
  day: string;
  trigger: RunTrigger;
  /** A run record already started (a live fetch records its run before downloading). */
  runId?: number;
}): Promise<RunSummary> {
  const runId = givenRunId ?? (await startRun(db, { source: feed.source, market: feed.market, day, trigger }));
  const base = { runId, source: feed.source, market: feed.market, day };
  let match: MatchResult | undefined;
  let rows = 0;
  try {
    await db.transaction(async (tx) => {
      const sourceCode = SOURCE_CODES[feed.source];
      const marketCode = MARKET_CODES[feed.market];
      const [prints, pins, cross] = await Promise.all([
        printRefs(tx),
        tx.select({ productId: pricePins.productId, cardId: pricePins.cardId }).from(pricePins).where(eq(pricePins.source, sourceCode)),
        crossJoins(tx, feed),
      ]);
      match =
        feed.source === 'csv'
          ? matchExact(feed.products, prints)
          : matchProducts({ products: feed.products, prints, pins: new Map(pins.map((p) => [p.productId, p.cardId])), cross, nameOnly: feed.nameOnly });
      const reasons = new Map(match.unmatched.map((u) => [u.productId, u.reason]));
      await nextTurn();

      // The products of this feed: replaced as a whole (a CSV has no products, only prints).
      if (feed.source !== 'csv') {
        await tx.delete(priceProducts).where(eq(priceProducts.source, sourceCode));
        const products = feed.products.filter((p) => p.number && !p.sealed);
        const seen = new Set<string>();
        await writeInTurns(
          products.filter((p) => !seen.has(p.productId) && seen.add(p.productId)),
          (chunk) =>
            tx.insert(priceProducts).values(
              chunk.map((p) => ({
                source: sourceCode,
                productId: p.productId,
                cardId: match!.matched.get(p.productId) ?? null,
                market: marketCode,
                name: p.name.slice(0, 300),
                number: p.number,
                setName: p.setName?.slice(0, 200) ?? null,
                url: p.url,
                reason: reasons.get(p.productId) ?? null,
                crossIds: crossIdsOf(p),
                seenOn: day,
              })),
            ),
        );
      }

      // The day's prices of the matched prints, replacing the day of this market.
      const priced = feed.prices.flatMap((price) => {
        const cardId = match!.matched.get(price.productId);
        if (cardId === undefined || (price.min === null && price.avg === null && price.max === null)) return [];
        return [{ cardId, market: marketCode, day, source: sourceCode, currency: price.currency, min: price.min, avg: price.avg, max: price.max, trend: price.trend ?? null }];
      });
      rows = priced.length;
      await tx.delete(cardPrices).where(and(eq(cardPrices.market, marketCode), eq(cardPrices.day, day)));
      await nextTurn();
      await writeInTurns(priced, (chunk) => tx.insert(cardPrices).values(chunk));
      // Current prices: a newer or same day replaces, an older day (a re-import of the past) does not; a real price
      // always replaces a demo one.
      await writeInTurns(priced, (chunk) =>
        tx
          .insert(cardPriceLatest)
          .values(chunk.map((r) => ({ ...r, demo: false })))
          .onConflictDoUpdate({
            target: [cardPriceLatest.cardId, cardPriceLatest.market],
            set: {
              day: sql`excluded.day`,
              source: sql`excluded.source`,
              currency: sql`excluded.currency`,
              min: sql`excluded.min`,
              avg: sql`excluded.avg`,
              max: sql`excluded.max`,
              trend: sql`excluded.trend`,
              demo: sql`false`,
            },
            setWhere: sql`${cardPriceLatest.demo} or ${cardPriceLatest.day} <= excluded.day`,
          }),
      );
    });
  } catch (err) {
    const error = errorText(err);
    log.error({ err, source: feed.source, day }, 'price ingest failed; the previous prices stay');
    await finishRun(db, runId, { status: 'failed', rows: 0, matched: 0, unmatched: 0, skipped: 0, error });
    return { ...base, status: 'failed', rows: 0, matched: 0, unmatched: 0, skipped: 0, error };
  }
  const unmatched = [...(feed.refused ?? []), ...match!.unmatched];
  const summary: RunSummary = { ...base, status: 'succeeded', rows, matched: match!.matched.size, unmatched: unmatched.length, skipped: match!.skipped };
  await finishRun(db, runId, {
    ...summary,
    details: { unmatched: unmatched.slice(0, DETAILS_LIMIT), ...(feed.sourceUpdatedAt ? { sourceUpdatedAt: feed.sourceUpdatedAt } : {}) },
  });
  // This process drops its cached prices at once; the others (and this one again) on the event.
  pricesLanded();
  await events?.notify('prices', day).catch((err: unknown) => log.warn({ err }, 'prices event not sent'));
  log.info({ source: feed.source, market: feed.market, day, rows, matched: summary.matched, unmatched: summary.unmatched, skipped: summary.skipped }, 'prices imported');
  return summary;
}
