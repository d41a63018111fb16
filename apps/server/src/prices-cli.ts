import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CSV_MARKETS, type CsvMarketId, marketplaceName } from '@grandline/core/marketplaces';
import { runCommand } from './db/command';
import { cardmarketFeed, csvFeed, readTcgcsv } from './features/prices/feeds';
import { failInterruptedRuns, ingestFeed, type FeedData } from './features/prices/ingest.service';
import { directoryReader, utcToday } from './features/prices/price-runs.service';
import { createLogger } from './lib/logger';

/**
 * npm run prices:import -- --source tcgcsv --dir DIR [--date YYYY-MM-DD]
 * npm run prices:import -- --source cardmarket --file PRICE_GUIDE --products PRODUCTS [--date YYYY-MM-DD]
 * npm run prices:import -- --source csv --market br|market4 --file F.csv [--date YYYY-MM-DD]
 *
 * Imports a downloaded price file as the day's prices (default: today, UTC), exactly as a live run would: one
 * transaction, a run record with matched, unmatched and skipped counts. On the embedded database it needs the data
 * directory to itself (stop the server first, or upload the file at /admin → Prices).
 */
const usage = `usage:
  npm run prices:import -- --source tcgcsv --dir DIR [--date YYYY-MM-DD]
  npm run prices:import -- --source cardmarket --file PRICE_GUIDE --products PRODUCTS [--date YYYY-MM-DD]
  npm run prices:import -- --source csv --market ${CSV_MARKETS.join('|')} --file F.csv [--date YYYY-MM-DD]`;

/** Largest file the command reads (a full Cardmarket price guide is a few MB). */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

const isCsvMarket = (market: string | undefined): market is CsvMarketId => CSV_MARKETS.includes(market as CsvMarketId);

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const options = {
  source: { type: 'string' },
  dir: { type: 'string' },
  file: { type: 'string' },
  products: { type: 'string' },
  market: { type: 'string' },
  date: { type: 'string' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}
const args = readArgs();

const day = args.date ?? utcToday();
const parsedDay = Date.parse(`${day}T00:00:00Z`);
if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(parsedDay) || new Date(parsedDay).toISOString().slice(0, 10) !== day) fail(`--date ${day} is not a day written YYYY-MM-DD`);
if (day > utcToday()) fail(`--date ${day} is in the future`);

/** Reads a file of at most MAX_FILE_BYTES; a missing, odd or oversized file throws (the command then exits 1). */
async function readText(file: string): Promise<string> {
  const info = await stat(file).catch(() => {
    throw new Error(`${file}: no such file`);
  });
  if (!info.isFile()) throw new Error(`${file}: not a file`);
  if (info.size > MAX_FILE_BYTES) throw new Error(`${file}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  return readFile(file, 'utf8');
}

async function readJsonFile(file: string): Promise<unknown> {
  const text = await readText(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`${file}: not JSON`, { cause: err });
  }
}

// Every argument is checked before the database is opened: a mistake touches nothing.
switch (args.source) {
  case 'tcgcsv':
    if (!args.dir) fail('--source tcgcsv needs --dir (a directory laid out like tcgcsv.com: tcgplayer/68/groups, tcgplayer/68/{groupId}/products, …/prices)');
    break;
  case 'cardmarket':
    if (!args.file || !args.products) fail('--source cardmarket needs --file (the price guide) and --products (the singles product list)');
    break;
  case 'csv':
    if (!isCsvMarket(args.market)) fail(`--source csv needs --market ${CSV_MARKETS.map((m) => `${m} (${marketplaceName(m)})`).join(' or ')}`);
    if (!args.file) fail('--source csv needs --file');
    break;
  default:
    fail(args.source ? `unknown --source ${args.source}` : '--source is required');
}

async function feedOf(): Promise<FeedData> {
  if (args.source === 'tcgcsv') return readTcgcsv(directoryReader(args.dir!));
  if (args.source === 'cardmarket') return cardmarketFeed(await readJsonFile(args.file!), await readJsonFile(args.products!));
  return csvFeed(await readText(args.file!), args.market as CsvMarketId);
}

const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'warn');
const code = await runCommand(`npm run prices:import -- --source ${args.source ?? ''}`, async (database) => {
  await database.migrate();
  // Runs a killed command or server left `running`: failed (on the embedded database this command holds it alone).
  await failInterruptedRuns(database.db, { all: database.kind === 'pglite' });
  let feed: FeedData;
  try {
    feed = await feedOf();
  } catch (err) {
    console.error(`could not read the ${args.source} data: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const run = await ingestFeed({ db: database.db, events: database, log, feed, day, trigger: 'cli' });
  if (run.status === 'failed') {
    console.error(`import failed, nothing changed: ${run.error}`);
    return 1;
  }
  console.log(`${feed.source} ${feed.market} ${day}: ${run.rows} prices stored; ${run.matched} products matched, ${run.unmatched} unmatched, ${run.skipped} skipped (run ${run.runId})`);
  if (run.unmatched) console.log('the unmatched products are listed at /admin → Prices, where an admin can pin each to its print');
  return 0;
});
process.exit(code);
