/**
 * npm run bench — performance figures of the foundation (issue 2) and of binders (issue 5), written to
 * bench/results/latest.{json,md}. Everything runs on loopback with bounded durations. Not a test: it reports, the
 * numbers are judged by people, each figure next to its goal and whether it was met (pass/MISS), in latest.md and in
 * latest.json (`figures`).
 * BENCH_ONLY=<mode> runs one part and prints it (latest.* untouched, except by `render`); the modes are MODES in
 * bench/parts.ts, listed by `node --import tsx bench/run.ts --help`. BENCH_CPU_BASELINE=<root of another built
 * checkout> adds that build as a "before" column of the CPU figures.
 * The prices, alerts, images, scan, meta, tournaments, trades and phone parts always run in a process of their own in the full run: their latencies are
 * those of the code measured, not of this process's garbage collector, which by then holds every load result of the
 * run.
 * Modules: bench-env (settings), server-process (build, start, stop), api-scenarios (HTTP load), web-figures (first
 * visit, Lighthouse), parts (BENCH_ONLY modes), report (figures and goals); one module per measured feature.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cardsWithPricesRatio, demoPricesServed, load, sessionScenario, uncachedSearches, validateScenarios } from './api-scenarios';
import { type AlertsResult } from './alerts';
import { base, connections, duration, log, root, skipLighthouse } from './bench-env';
import { bindersBenchmark } from './binders';
import { cpuBenchmark } from './cpu';
import { deckValidationRate } from './deck-validation';
import { type ImagesResult } from './images';
import { type MetaResult } from './meta';
import { mixedBenchmark } from './mixed';
import { MODES, partInOwnProcess, writeResults } from './parts';
import { type PhoneResult } from './phone';
import { type PricesResult } from './prices';
import { waitForQuietProcess } from './quiet';
import { report, type LoadResult } from './report';
import { type ScanResult } from './scan';
import { type TournamentsResult } from './tournaments';
import { type TradesResult } from './trades';
import { searchLanguageBenchmark } from './search';
import { buildAll, startServer, stopServer } from './server-process';
import { firstVisitJsGzip, initialCssGzip, lighthouse } from './web-figures';

const only = process.env.BENCH_ONLY;
const ONLY = Object.keys(MODES);
if (only && !ONLY.includes(only)) throw new Error(`BENCH_ONLY=${only}: one of ${ONLY.join(', ')}`);

async function main() {
  const decks = deckValidationRate();
  log(`deck validation (core, one thread): ${decks.decksPerSecond} decks/s`);
  log('building the web app and the server bundle');
  buildAll();
  const initialCss = initialCssGzip();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-bench-'));
  log('cold start on an empty data directory (migrations + seeding)');
  const coldStarted = performance.now();
  let server = startServer(dataDir);
  const coldStartMs = await server.ready;
  log(`cold start ${Math.round(coldStartMs)} ms`);
  const coldStartDemoMs = Math.round((await demoPricesServed()) - coldStarted);
  log(`cold start until demo prices are served ${coldStartDemoMs} ms`);
  const exitCode = await stopServer(server.child);
  log(`SIGTERM → exit code ${exitCode}`);
  server = startServer(dataDir);
  const warmStartMs = await server.ready;
  log(`warm restart ${Math.round(warmStartMs)} ms`);
  const firstVisit = await firstVisitJsGzip();
  log(`first visit of /: ${firstVisit.files} scripts, ${(firstVisit.js / 1024).toFixed(1)} KB gzip`);

  const numbers = Array.from({ length: 12 }, (_, i) => `OP${String(i + 1).padStart(2, '0')}`);
  let n = 0;
  // Warm-up (JIT, caches) so the first measured scenario is not penalised; not reported.
  await autocannon({ url: `${base}/api/health`, connections, duration: 3 });
  await autocannon({ url: `${base}/api/cards?q=warmup`, connections, duration: 2, headers: { 'accept-encoding': 'gzip' } });
  const results: LoadResult[] = [];
  results.push(await load('health', '/api/health'));
  const searches: [string, string][] = [
    ['text search "zoro"', '/api/cards?q=zoro'],
    ['number search "op01-001"', '/api/cards?q=op01-001'],
    ['Red + Leader', '/api/cards?color=Red&type=Leader'],
    ['set OP-05, cost 3–5, by power', '/api/cards?set=op-05&costMin=3&costMax=5&sort=power&order=desc'],
    ['full library page 20 (48/page)', '/api/cards?page=20&pageSize=48'],
  ];
  for (const [name, p] of searches) results.push(await load(name, p));
  results.push(
    await load('varied card-number searches', () => {
      n++;
      return `/api/cards?q=${numbers[n % numbers.length]}-${String((n % 120) + 1).padStart(3, '0')}`;
    }),
  );
  const cardsWithPrices = await cardsWithPricesRatio();
  const { validate, validateVaried } = await validateScenarios();
  const searchLanguage = await searchLanguageBenchmark(results[0]!);
  const uncached = await uncachedSearches(300);
  log('binders: sign-up, 10,000-row Liga CSV import, binder detail under load');
  const binders = await bindersBenchmark({ base, dataDir, log });
  const me = await sessionScenario(dataDir);
  if (!skipLighthouse) await waitForQuietProcess(server.child.pid, log);
  const lh = skipLighthouse ? null : { home: lighthouse('/'), cards: lighthouse('/cards') };
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const prices = partInOwnProcess<PricesResult>('prices', 'BENCH_PRICES_JSON');
  const alerts = partInOwnProcess<AlertsResult>('alerts', 'BENCH_ALERTS_JSON');
  const images = partInOwnProcess<ImagesResult>('images', 'BENCH_IMAGES_JSON');
  const scan = partInOwnProcess<ScanResult>('scan', 'BENCH_SCAN_JSON');
  const meta = partInOwnProcess<MetaResult>('meta', 'BENCH_META_JSON');
  const tournaments = partInOwnProcess<TournamentsResult>('tournaments', 'BENCH_TOURNAMENTS_JSON');
  const trades = partInOwnProcess<TradesResult>('trades', 'BENCH_TRADES_JSON');
  const phone = partInOwnProcess<PhoneResult>('phone', 'BENCH_PHONE_JSON');
  const mixed = process.env.DATABASE_URL ? await mixedBenchmark({ root, databaseUrl: process.env.DATABASE_URL, log }) : undefined;
  const cpu = await cpuBenchmark({ root, databaseUrl: process.env.DATABASE_URL, baseline: process.env.BENCH_CPU_BASELINE, log });

  const { summary, md } = report({
    date: new Date().toISOString(),
    code: measuredCode(),
    machine: { cpus: os.cpus().length, node: process.version },
    load: { durationSeconds: duration, connections },
    results,
    uncachedSearches: uncached,
    initialJsGzipKB: +(firstVisit.js / 1024).toFixed(1),
    initialCssGzipKB: +(initialCss / 1024).toFixed(1),
    coldStartMs: Math.round(coldStartMs),
    warmStartMs: Math.round(warmStartMs),
    sigtermExitCode: exitCode,
    deckValidationPerSecond: decks.decksPerSecond,
    deckValidateEndpoint: validate,
    deckValidateEndpointUncached: validateVaried,
    lighthouse: lh,
    binders,
    prices,
    coldStartDemoMs,
    cardsWithPrices,
    alerts,
    me,
    mixed,
    cpu,
    images,
    scan,
    searchLanguage,
    meta,
    tournaments,
    trades,
    phone,
  });
  writeResults(summary, md);
}

/** The commit the run measured, and whether the work tree had changes besides the results (they are then not that commit's). */
function measuredCode(): { commit: string; changed: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain', '--', '.', ':!bench/results').length > 0;
  return { commit: git('rev-parse', '--short=12', 'HEAD'), changed };
}

function help() {
  process.stdout.write('npm run bench (node --import tsx bench/run.ts): every part, written to bench/results/latest.{json,md}.\n');
  process.stdout.write('BENCH_ONLY=<mode> npm run bench: one part, printed:\n');
  for (const [mode, { about }] of Object.entries(MODES)) process.stdout.write(`  ${mode.padEnd(11)}${about}\n`);
  process.stdout.write('Settings: BENCH_PORT (3900), BENCH_DURATION (10 s), BENCH_CONNECTIONS (32), BENCH_SKIP_LIGHTHOUSE=1, LIGHTHOUSE_RUNS (5), DATABASE_URL, BENCH_CPU_BASELINE.\n');
}

if (process.argv.includes('--help')) help();
else
  (only ? MODES[only]!.run : main)().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
