import {
  PRICE_RUN_STALE_MS,
  UPLOAD_UNMATCHED_SHOWN,
  type PriceRun,
  type PriceSourceState,
  type PriceUploadForm,
  type PriceUploadResponse,
  type RunPriceSourceResponse,
  type UnmatchedPriceRow,
} from '@grandline/core/contracts/prices';
import { CsvFileError, decodeUtf8Steps, MAX_IMPORT_LINE_LENGTH, MAX_IMPORT_ROWS } from '@grandline/core/formats/collection-csv';
import type { MarketplaceId } from '@grandline/core/marketplaces';
import { LIVE_SOURCES, type LiveSourceId } from '@grandline/core/prices/model';
import { parsePriceCsvCooperative, PriceCsvError } from '@grandline/core/prices/price-csv';
import { runStepsCooperative } from '@grandline/core/steps';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbEvents } from '../../db/client';
import { priceRuns } from '../../db/schema/index';
import { createPause } from '../../lib/cooperative';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { PriceConfig } from '../../lib/price-config';
import { cardmarketFeedCooperative, priceCsvFeed } from './feeds';
import { ingestFeed, type FeedData } from './ingest.service';
import { priceJobName } from './price-jobs';
import { utcToday } from './price-runs.service';
import { startJobForAdmin } from '../../jobs/admin-run';

/*
 * The admin's view of the price platform: runs and what they did, a source run now (through the scheduler), a price
 * file uploaded by hand (the products no rule could match and their pins: price-pins.service.ts).
 */

/** How many unmatched products a run of the list carries in its details (the record keeps 500; the unmatched list all). */
const RUN_DETAILS_SHOWN = 10;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A run as the admin sees it; its details' unmatched sample cut to RUN_DETAILS_SHOWN in the database. */
const runColumns = {
  id: priceRuns.id,
  source: priceRuns.source,
  market: priceRuns.market,
  day: priceRuns.day,
  trigger: priceRuns.trigger,
  status: priceRuns.status,
  startedAt: priceRuns.startedAt,
  finishedAt: priceRuns.finishedAt,
  rows: priceRuns.rows,
  matched: priceRuns.matched,
  unmatched: priceRuns.unmatched,
  skipped: priceRuns.skipped,
  error: priceRuns.error,
  details: sql<unknown>`case when jsonb_typeof(${priceRuns.details} -> 'unmatched') = 'array'
    then jsonb_set(${priceRuns.details}, '{unmatched}', coalesce((select jsonb_agg(x.e order by x.i)
      from jsonb_array_elements(${priceRuns.details} -> 'unmatched') with ordinality as x(e, i) where x.i <= ${sql.raw(String(RUN_DETAILS_SHOWN))}), '[]'::jsonb))
    else ${priceRuns.details} end`,
};

type RunRow = typeof priceRuns.$inferSelect;

const toRun = (r: RunRow): PriceRun => ({
  ...r,
  status: r.status as PriceRun['status'],
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
  details: r.details ?? null,
});

/** The latest runs, newest first, of one source or all. */
export async function listPriceRuns({ db, source, limit }: { db: Db; source?: string; limit: number }): Promise<PriceRun[]> {
  const rows = await db
    .select(runColumns)
    .from(priceRuns)
    .where(source ? eq(priceRuns.source, source) : undefined)
    .orderBy(desc(priceRuns.startedAt), desc(priceRuns.id))
    .limit(limit);
  return rows.map(toRun);
}

/** A run of `source` started within PRICE_RUN_STALE_MS that has not ended. */
const runningNow = sql<boolean>`${priceRuns.status} = 'running' and ${priceRuns.startedAt} > now() - make_interval(secs => ${sql.raw(String(PRICE_RUN_STALE_MS / 1000))})`;

/** Each live source: whether this server runs it, whether a run is going, its last run and last success. */
export async function priceSources({ db, config }: { db: Db; config: PriceConfig }): Promise<PriceSourceState[]> {
  const live = [...LIVE_SOURCES];
  const [latest, stats] = await Promise.all([
    db
      .selectDistinctOn([priceRuns.source], runColumns)
      .from(priceRuns)
      .where(inArray(priceRuns.source, live))
      .orderBy(priceRuns.source, desc(priceRuns.startedAt), desc(priceRuns.id)),
    db
      .select({
        source: priceRuns.source,
        lastSuccessAt: sql<Date | null>`max(${priceRuns.finishedAt}) filter (where ${priceRuns.status} = 'succeeded')`.mapWith(priceRuns.finishedAt),
        running: sql<boolean>`coalesce(bool_or(${runningNow}), false)`.mapWith(Boolean),
      })
      .from(priceRuns)
      .where(inArray(priceRuns.source, live))
      .groupBy(priceRuns.source),
  ]);
  return live.map((source) => {
    const last = latest.find((r) => r.source === source);
    const stat = stats.find((s) => s.source === source);
    return {
      source,
      configured: config.sources.includes(source),
      running: stat?.running ?? false,
      lastRun: last ? toRun(last) : null,
      lastSuccessAt: iso(stat?.lastSuccessAt ?? null),
    };
  });
}

/**
 * Runs a live source now, in the background, through the scheduler's job (its advisory lock: one replica runs it).
 * Refused when the source is not configured, a run of it is going, or this process has no scheduler for it.
 */
export async function startPriceRun({
  db,
  log,
  config,
  runJob,
  source,
}: {
  db: Db;
  log: Logger;
  config: PriceConfig;
  runJob?: (name: string) => Promise<unknown>;
  source: LiveSourceId;
}): Promise<RunPriceSourceResponse> {
  if (!config.sources.includes(source)) throw new AppError('SOURCE_NOT_CONFIGURED', 409, 'This price source is not configured on this server (PRICE_SOURCES)');
  const going = await db.select({ id: priceRuns.id }).from(priceRuns).where(and(eq(priceRuns.source, source), runningNow)).limit(1);
  if (going.length) throw new AppError('RUN_IN_PROGRESS', 409, 'A run of this price source is still going: wait for it to end');
  startJobForAdmin({ runJob, name: priceJobName(source), log, what: 'price' });
  return { started: true, source };
}

/* ---- Uploaded price files ---- */

const FILE_LABELS = { file: 'The file', products: 'The product list' } as const;
type FileField = keyof typeof FILE_LABELS;

function fileProblem(problem: string, field: FileField, line?: number): AppError {
  const label = FILE_LABELS[field];
  const messages: Record<string, string> = {
    NO_FILE: field === 'products' ? 'No product list was sent (products_singles_18.json)' : 'No file was sent',
    NOT_UTF8: `${label} is not UTF-8 text. Save it as UTF-8 and try again`,
    NO_DATA_ROWS: 'The file has no price rows',
    TOO_MANY_ROWS: `A price file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`,
    LINE_TOO_LONG: `A line of the file is longer than ${MAX_IMPORT_LINE_LENGTH.toLocaleString('en')} characters`,
  };
  return new AppError(problem as 'NO_FILE', 400, messages[problem] ?? problem, undefined, { field, ...(line === undefined ? {} : { line }) });
}

/** File-level problems of the readers become 400 answers; anything else is a bug and stays a 500. */
async function reading<T>(field: FileField, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof CsvFileError) throw fileProblem(err.problem, field, err.line);
    if (err instanceof PriceCsvError) {
      if (err.problem === 'EMPTY') throw fileProblem('NO_DATA_ROWS', field);
      throw new AppError('MISSING_COLUMNS', 400, `The price CSV lacks the column(s) ${err.missing.join(', ')} (needed: card_number, variant, min, avg, max, currency)`, undefined, {
        field,
        missing: err.missing,
      });
    }
    throw err;
  }
}

/** The text of an uploaded file part: NO_FILE when it is missing or empty, NOT_UTF8 when it is not UTF-8. */
async function fileText(part: unknown, field: FileField, pause: () => Promise<void>): Promise<string> {
  if (!(part instanceof Blob) || part.size === 0) throw fileProblem('NO_FILE', field);
  const bytes = new Uint8Array(await part.arrayBuffer());
  return reading(field, () => runStepsCooperative(decodeUtf8Steps(bytes), pause));
}

/** A Cardmarket document: JSON, an object holding the `key` array (what the parsers require). */
async function cardmarketDocument(part: unknown, field: FileField, key: 'priceGuides' | 'products', pause: () => Promise<void>): Promise<unknown> {
  const text = await fileText(part, field, pause);
  const what = field === 'file' ? 'The price guide' : 'The product list';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('NOT_JSON', 400, `${what} is not JSON`, undefined, { field });
  }
  if (typeof json !== 'object' || json === null || !Array.isArray((json as Record<string, unknown>)[key])) {
    const expected = key === 'priceGuides' ? 'a Cardmarket price guide (price_guide_18.json)' : 'a Cardmarket product list (products_singles_18.json)';
    throw new AppError('INVALID_PRICE_FILE', 400, `${what} is not ${expected}: an object with a "${key}" array`, undefined, { field });
  }
  return json;
}

/**
 * A price CSV as a feed — csvFeed of feeds.ts, read with pauses: a 50,000-row file takes about a second to parse, which
 * a request must not hold the server for.
 */
async function csvFeedCooperative(text: string, market: MarketplaceId, pause: () => Promise<void>): Promise<FeedData> {
  return priceCsvFeed(await reading('file', () => parsePriceCsvCooperative(text, pause)), market);
}

/** A real calendar day, not after today (UTC). */
function checkDay(day: string) {
  const refuse = (message: string) => new AppError('VALIDATION_ERROR', 400, `Invalid parameter "date": ${message}`, [{ path: 'date', message }]);
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw refuse('Not a date');
  if (day > utcToday()) throw refuse('The date cannot be in the future');
}

/**
 * Imports an uploaded price file now (one transaction, recorded as an `admin` run): a Liga One Piece / MYP Cards price
 * CSV, or Cardmarket's price guide with its singles product list. Answers what the run did and the first rows or
 * products left without a print.
 */
export async function uploadPrices({ db, events, log, form }: { db: Db; events?: DbEvents; log: Logger; form: PriceUploadForm }): Promise<PriceUploadResponse> {
  const day = form.date ?? utcToday();
  checkDay(day);
  const pause = createPause();
  let feed: FeedData;
  if (form.source === 'csv') {
    feed = await csvFeedCooperative(await fileText(form.file, 'file', pause), form.market!, pause);
  } else {
    const guide = await cardmarketDocument(form.file, 'file', 'priceGuides', pause);
    const products = await cardmarketDocument(form.products, 'products', 'products', pause);
    feed = await cardmarketFeedCooperative(guide, products, pause);
  }
  const run = await ingestFeed({ db, events, log, feed, day, trigger: 'admin' });
  const [record] = await db.select({ details: priceRuns.details }).from(priceRuns).where(eq(priceRuns.id, run.runId));
  const listed = (record?.details as { unmatched?: UnmatchedPriceRow[] } | null)?.unmatched ?? [];
  return {
    runId: run.runId,
    source: form.source,
    market: feed.market,
    day,
    status: run.status,
    rows: run.rows,
    matched: run.matched,
    unmatched: run.unmatched,
    skipped: run.skipped,
    error: run.error ?? null,
    unmatchedItems: listed.slice(0, UPLOAD_UNMATCHED_SHOWN).map(({ productId, name, number, setName, reason }) => ({ productId, name, number, setName, reason })),
  };
}
