/**
 * The parts of the bench that `BENCH_ONLY=<mode>` runs alone (MODES: each with one line for `--help` and the README),
 * how the full run starts a part in a process of its own and reads its result back, and where the results are written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { alertsBenchmark, alertsFigures } from './alerts';
import { sessionScenario, validateScenarios, warmHealth } from './api-scenarios';
import { base, log, root } from './bench-env';
import { bindersBenchmark, bindersMarkdown } from './binders';
import { cpuBenchmark, cpuMarkdown } from './cpu';
import { imagesBenchmark, imagesFigures } from './images';
import { metaBenchmark, metaFigures } from './meta';
import { mixedBenchmark, mixedFigures } from './mixed';
import { phoneBenchmark, phoneFigures } from './phone';
import { pricesBenchmark, pricesFigures } from './prices';
import { waitForQuietProcess } from './quiet';
import { figuresMarkdown, lighthouseFigure, report, sessionFigures, validateFigures, type Figure, type Measured } from './report';
import { scanBenchmark, scanFigures } from './scan';
import { searchLanguageBenchmark, searchLanguageFigures } from './search';
import { tournamentsBenchmark, tournamentsFigures } from './tournaments';
import { tradesBenchmark, tradesFigures } from './trades';
import { buildAll, buildServer, withFreshServer } from './server-process';
import { lighthouse } from './web-figures';

const outDir = path.join(root, 'bench/results');

/**
 * A part's result: written to the JSON file named by `jsonVar` when the full run started this process
 * (partInOwnProcess), else printed with its figures.
 */
function reportPart(result: unknown, jsonVar: string, figures: Figure[]) {
  const out = process.env[jsonVar];
  if (out) fs.writeFileSync(out, JSON.stringify(result));
  else process.stdout.write(`\n${figuresMarkdown(figures).join('\n')}\n${JSON.stringify(result, null, 2)}\n`);
}

/**
 * A part of the bench (BENCH_ONLY=prices, BENCH_ONLY=alerts) in a child process, its result read back from the JSON
 * file it writes (the path in `jsonVar`): its latencies are its own, not this process's garbage collector's.
 */
export function partInOwnProcess<T>(part: 'prices' | 'alerts' | 'images' | 'scan' | 'meta' | 'tournaments' | 'trades' | 'phone', jsonVar: string): T {
  const out = path.join(os.tmpdir(), `grandline-bench-${part}-${process.pid}.json`);
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/run.ts')], {
      cwd: root,
      env: { ...process.env, BENCH_ONLY: part, [jsonVar]: out },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return JSON.parse(fs.readFileSync(out, 'utf8')) as T;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

export function writeResults(summary: Record<string, unknown>, md: string) {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'latest.md'), md);
  log(`written bench/results/latest.json and latest.md`);
  process.stdout.write(`\n${md}\n`);
}

/** BENCH_ONLY=render: latest.{json,md} in the current format from the measurements saved in latest.json. */
async function mainRender() {
  const saved = JSON.parse(fs.readFileSync(path.join(outDir, 'latest.json'), 'utf8')) as Measured;
  const { summary, md } = report(saved);
  writeResults(summary, md);
}

/** BENCH_ONLY=binders: a fresh server, the binder scenarios, the Markdown printed; the saved results stay as they are. */
async function mainBindersOnly() {
  buildServer();
  await withFreshServer(async (dataDir) => {
    await autocannon({ url: `${base}/api/health`, connections: 10, duration: 2 });
    const binders = await bindersBenchmark({ base, dataDir, log });
    process.stdout.write(`\n${bindersMarkdown(binders).join('\n')}\n${JSON.stringify(binders, null, 2)}\n`);
  });
}

/** BENCH_ONLY=validate: a fresh server, health then the two validate scenarios, their figures printed. */
async function mainValidateOnly() {
  buildServer();
  await withFreshServer(async () => {
    const health = await warmHealth();
    const { validate, validateVaried } = await validateScenarios();
    process.stdout.write(`\n${figuresMarkdown(validateFigures(health, validate, validateVaried)).join('\n')}\n`);
  });
}

/** BENCH_ONLY=search: a fresh server, health then the search language's 20 complex queries and its parsing, printed. */
async function mainSearchOnly() {
  buildServer();
  await withFreshServer(async () => {
    const health = await warmHealth();
    const search = await searchLanguageBenchmark(health);
    process.stdout.write(`\n${figuresMarkdown(searchLanguageFigures(search)).join('\n')}\n${JSON.stringify(search, null, 2)}\n`);
  });
}

/** BENCH_ONLY=lighthouse: the web app built, a fresh server, Lighthouse on / and /cards, their figures printed. */
async function mainLighthouseOnly() {
  buildAll();
  await withFreshServer(async (_dataDir, pid) => {
    await waitForQuietProcess(pid, log);
    const figures = [lighthouseFigure('/', lighthouse('/')), lighthouseFigure('/cards', lighthouse('/cards'))];
    process.stdout.write(`\n${figuresMarkdown(figures).join('\n')}\n`);
  });
}

/** BENCH_ONLY=prices: the in-process price figures (ingest, history), printed, or written to BENCH_PRICES_JSON. */
async function mainPricesOnly() {
  const prices = await pricesBenchmark(log);
  reportPart(prices, 'BENCH_PRICES_JSON', pricesFigures(prices));
}

/** BENCH_ONLY=alerts: the price alert figures (evaluation, streams), printed, or written to BENCH_ALERTS_JSON. */
async function mainAlertsOnly() {
  const alerts = await alertsBenchmark(log);
  reportPart(alerts, 'BENCH_ALERTS_JSON', alertsFigures(alerts));
}

/** BENCH_ONLY=tournaments: the Limitless ingest from a local mirror, in-process, printed, or written to BENCH_TOURNAMENTS_JSON. */
async function mainTournamentsOnly() {
  const tournaments = await tournamentsBenchmark(log);
  reportPart(tournaments, 'BENCH_TOURNAMENTS_JSON', tournamentsFigures(tournaments));
}

/** BENCH_ONLY=session: a fresh server, health then a signed-in GET /api/me, the ratio printed. */
async function mainSessionOnly() {
  buildServer();
  await withFreshServer(async (dataDir) => {
    const health = await warmHealth();
    const me = await sessionScenario(dataDir);
    process.stdout.write(`\n${figuresMarkdown(sessionFigures(health, me)).join('\n')}\n`);
  });
}

/** BENCH_ONLY=mixed: the mixed signed-in load on PostgreSQL (DATABASE_URL), printed. */
async function mainMixedOnly() {
  if (!process.env.DATABASE_URL) throw new Error('BENCH_ONLY=mixed needs DATABASE_URL (a PostgreSQL server the bench may create a scratch database on)');
  buildServer();
  const mixed = await mixedBenchmark({ root, databaseUrl: process.env.DATABASE_URL, log });
  process.stdout.write(`\n${figuresMarkdown(mixedFigures(mixed)).join('\n')}\n${JSON.stringify(mixed, null, 2)}\n`);
}

/** BENCH_ONLY=cpu: server CPU ms per request for each endpoint (embedded, cache off, PostgreSQL when set, a baseline when BENCH_CPU_BASELINE is set), printed. */
async function mainCpuOnly() {
  buildServer();
  const cpu = await cpuBenchmark({ root, databaseUrl: process.env.DATABASE_URL, baseline: process.env.BENCH_CPU_BASELINE, log });
  process.stdout.write(`\n${cpuMarkdown(cpu).join('\n')}\n${JSON.stringify(cpu, null, 2)}\n`);
}

/** BENCH_ONLY=images: the card thumbnail figures (the built server must exist: the full run builds it first), printed or written to BENCH_IMAGES_JSON. */
async function mainImagesOnly() {
  if (!process.env.BENCH_IMAGES_JSON) buildAll();
  const images = await imagesBenchmark({ root, log, lighthouse: (at, urlPath) => lighthouse(urlPath, at).performance });
  reportPart(images, 'BENCH_IMAGES_JSON', imagesFigures(images));
}

/** BENCH_ONLY=scan: the scanner's recognition figures, printed or written to BENCH_SCAN_JSON. */
async function mainScanOnly() {
  const scan = await scanBenchmark({ log });
  reportPart(scan, 'BENCH_SCAN_JSON', scanFigures(scan));
}

/** BENCH_ONLY=meta: the tournament meta's figures (its own server and data), printed or written to BENCH_META_JSON. */
async function mainMetaOnly() {
  if (!process.env.BENCH_META_JSON) buildServer();
  const meta = await metaBenchmark(log);
  reportPart(meta, 'BENCH_META_JSON', metaFigures(meta));
}

/** BENCH_ONLY=trades: the trade matches' figure (its own server and data), printed or written to BENCH_TRADES_JSON. */
async function mainTradesOnly() {
  if (!process.env.BENCH_TRADES_JSON) buildServer();
  const trades = await tradesBenchmark(log);
  reportPart(trades, 'BENCH_TRADES_JSON', tradesFigures(trades));
}

/** BENCH_ONLY=phone: signed-in pages and taps at 4× CPU in Chromium, first-visit JS, Lighthouse signed in (its own server and data), printed or written to BENCH_PHONE_JSON. */
async function mainPhoneOnly() {
  if (!process.env.BENCH_PHONE_JSON) buildAll();
  const phone = await phoneBenchmark(log);
  reportPart(phone, 'BENCH_PHONE_JSON', phoneFigures(phone));
}

/** Every BENCH_ONLY mode, in the order `--help` and the README list them. */
export const MODES: Record<string, { about: string; run: () => Promise<void> }> = {
  binders: { about: 'a fresh server, a 10,000-row Liga CSV import, the binder detail and first page under load (Markdown printed)', run: mainBindersOnly },
  validate: { about: 'health, then POST /api/decks/validate with the same list and with a new list every time', run: mainValidateOnly },
  lighthouse: { about: 'the web app built, Lighthouse mobile on / and /cards (median of LIGHTHOUSE_RUNS, 5 by default)', run: mainLighthouseOnly },
  render: { about: 'latest.{json,md} written again from the figures saved in latest.json (no new measurement)', run: mainRender },
  prices: { about: 'a full-size tcgcsv ingest and a 365-day price history, in-process (bench/prices.ts)', run: mainPricesOnly },
  alerts: { about: 'one evaluation of 100,000 price alerts, 1,000 notification streams, the comparison report; in-process (bench/alerts.ts)', run: mainAlertsOnly },
  session: { about: 'health, then a signed-in GET /api/me (the session cache\'s figure)', run: mainSessionOnly },
  mixed: { about: 'a mixed signed-in load on PostgreSQL (needs DATABASE_URL; bench/mixed.ts)', run: mainMixedOnly },
  cpu: { about: 'server CPU ms per request for each endpoint (BENCH_CPU_BASELINE adds a "before" build; bench/cpu.ts)', run: mainCpuOnly },
  images: { about: 'card thumbnails: kept-thumbnail latency, first-screen image bytes, Lighthouse with images (bench/images.ts)', run: mainImagesOnly },
  scan: { about: 'the scanner\'s reading of card numbers on corner images rendered from the catalogue (bench/scan.ts)', run: mainScanOnly },
  tournaments: { about: 'the Limitless fetcher reading 200 tournaments × 64 standings from a local mirror, in-process (bench/tournaments.ts)', run: mainTournamentsOnly },
  search: { about: 'health, then 20 complex queries of the search language on GET /api/cards, and parsing 500 characters (bench/search.ts)', run: mainSearchOnly },
  meta: { about: 'GET /api/meta/leaders over 90 days of 200 tournaments × 64 standings beside health, and /api/meta/buildable for a 10,000-row collection (bench/meta.ts)', run: mainMetaOnly },
  trades: { about: 'GET /api/trades/matches for a 2,000-card wishlist among 1,000 open users with 500-card Trade binders (bench/trades.ts)', run: mainTradesOnly },
  phone: { about: 'signed-in headings and INP of four taps at 4× CPU in Chromium, layout shift at 390 and 1366 px, first-visit JS of / and /cards, Lighthouse signed in (bench/phone.ts)', run: mainPhoneOnly },
};
