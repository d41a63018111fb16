import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { marketOfFeed } from '@grandline/core/marketplaces';
import { and, eq, gte } from 'drizzle-orm';
import type { Db, DbEvents } from '../../db/client';
import { priceRuns } from '../../db/schema/index';
import { createPause } from '../../lib/cooperative';
import { fetchJson } from '../../lib/fetch-json';
import type { Logger } from '../../lib/logger';
import { cardmarketFeedCooperative, CARDMARKET_PATHS, readCardtrader, readRates, readTcgcsv, type ReadJson } from './feeds';
import { errorText, finishRun, ingestFeed, startRun, type RunSummary, type RunTrigger } from './ingest.service';
import type { LiveSource, PriceConfig } from '../../lib/price-config';
import { pricesLanded } from './prices.service';
import { ratesBook, storeRates } from './rates.service';

/** Today in UTC, YYYY-MM-DD: the day a live run records. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** Reads `{base}/{path}` over HTTP with the configured time-out, retries and size cap. */
function httpReader(base: string, config: PriceConfig, options: { headers?: Record<string, string>; signal?: AbortSignal } = {}): ReadJson {
  return (p) => fetchJson(`${base}/${p}`, { timeoutMs: config.timeoutMs, retries: 2, headers: options.headers, signal: options.signal });
}

/** Reads `{dir}/{path}` from disk: a downloaded copy laid out like the source's site. A path never leaves `dir`. */
export function directoryReader(dir: string): ReadJson {
  const root = path.resolve(dir);
  return async (p) => {
    const file = path.resolve(root, p);
    if (!file.startsWith(root + path.sep)) throw new Error(`${p}: outside ${dir}`);
    try {
      return JSON.parse(await readFile(file, 'utf8')) as unknown;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${path.relative(process.cwd(), file)}: no such file`, { cause: err });
      throw new Error(`${path.relative(process.cwd(), file)}: ${errorText(err)}`, { cause: err });
    }
  };
}

/**
 * One live run of a source: download, match and store the day (one transaction), or record the failure and leave the
 * previous data as it was. The exchange rates are a source too (`fx`).
 */
export async function runLiveSource({
  db,
  events,
  log,
  config,
  source,
  trigger,
  signal,
  day = utcToday(),
}: {
  db: Db;
  events?: DbEvents;
  log: Logger;
  config: PriceConfig;
  source: LiveSource;
  trigger: RunTrigger;
  signal?: AbortSignal;
  day?: string;
}): Promise<RunSummary> {
  const market = source === 'fx' ? null : marketOfFeed(source);
  const runId = await startRun(db, { source, market, day, trigger });
  let feed;
  try {
    if (source === 'fx') return await runRates({ db, events, log, config, runId, day, signal });
    if (source === 'tcgcsv') feed = await readTcgcsv(httpReader(config.tcgcsvBaseUrl, config, { signal }), signal);
    else if (source === 'cardmarket') {
      const read = httpReader(config.cardmarketBaseUrl, config, { signal });
      feed = await cardmarketFeedCooperative(await read(CARDMARKET_PATHS.priceGuide), await read(CARDMARKET_PATHS.products), createPause());
    } else {
      const read = httpReader(config.cardtraderBaseUrl, config, { signal, headers: { Authorization: `Bearer ${config.cardtraderToken ?? ''}` } });
      // The marketplace allows 10 requests a second: a short pause between two expansions keeps well under it.
      feed = await readCardtrader(read, (await ratesBook(db)).latest().rates, { signal, pauseMs: 150 });
    }
  } catch (err) {
    const error = errorText(err);
    log.error({ err, source }, 'price source failed; the previous prices stay');
    await finishRun(db, runId, { status: 'failed', rows: 0, matched: 0, unmatched: 0, skipped: 0, error });
    return { runId, source, market, day, status: 'failed', rows: 0, matched: 0, unmatched: 0, skipped: 0, error };
  }
  return ingestFeed({ db, events, log, feed, day, trigger, runId });
}

async function runRates({ db, events, log, config, runId, day, signal }: { db: Db; events?: DbEvents; log: Logger; config: PriceConfig; runId: number; day: string; signal?: AbortSignal }): Promise<RunSummary> {
  const symbols = 'BRL,EUR,GBP,CAD,MXN,JPY';
  const combined = await readRates(
    () => fetchJson(`${config.frankfurterUrl}/latest?base=USD&symbols=${symbols}`, { timeoutMs: config.timeoutMs, retries: 2, signal }),
    () => fetchJson(`${config.openErApiUrl}/latest/USD`, { timeoutMs: config.timeoutMs, retries: 2, signal }),
  );
  await db.transaction((tx) => storeRates(tx, combined.date, combined.rates, combined.sources));
  pricesLanded();
  await finishRun(db, runId, { status: 'succeeded', rows: Object.keys(combined.rates).length, matched: 0, unmatched: 0, skipped: 0, details: { date: combined.date, sources: combined.sources } });
  await events?.notify('prices', day).catch((err: unknown) => log.warn({ err }, 'prices event not sent'));
  log.info({ date: combined.date }, 'exchange rates stored');
  return { runId, source: 'fx', market: null, day, status: 'succeeded', rows: Object.keys(combined.rates).length, matched: 0, unmatched: 0, skipped: 0 };
}

/** Whether a source already ran successfully on the UTC day (a start does not fetch it again). */
export async function ranToday(db: Db, source: string, day = utcToday()): Promise<boolean> {
  const rows = await db
    .select({ id: priceRuns.id })
    .from(priceRuns)
    .where(and(eq(priceRuns.source, source), eq(priceRuns.status, 'succeeded'), gte(priceRuns.day, day)))
    .limit(1);
  return rows.length > 0;
}

