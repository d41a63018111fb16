/**
 * The bench's report: every figure beside its goal (pass/MISS), as latest.json and latest.md keep them. A summary is
 * itself a valid measurement, so `BENCH_ONLY=render` writes both files again from latest.json: every part's figures
 * must survive that round trip (report.test.ts).
 */
import { bindersFigures, bindersMarkdown, type BindersResult } from './binders';
import { pricesFigures, type PricesResult } from './prices';
import { alertsFigures, type AlertsResult } from './alerts';
import { cpuMarkdown, type CpuResult } from './cpu';
import { imagesFigures, type ImagesResult } from './images';
import { metaFigures, type MetaResult } from './meta';
import { tradesFigures, type TradesResult } from './trades';
import { mixedFigures, type MixedResult } from './mixed';
import { phoneFigures, type PhoneResult } from './phone';
import { scanFigures, type ScanResult } from './scan';
import { searchLanguageFigures, type SearchLanguageResult } from './search';
import { tournamentsFigures, type TournamentsResult } from './tournaments';
import type { LoadResult } from './load';
export type { LoadResult } from './load';


/** One line of the figures table: what was measured, its goal, and whether the goal was met (null: not measured). */
export interface Figure {
  figure: string;
  value: string;
  target: string;
  pass: boolean | null;
}

const TARGETS = {
  searchToHealth: { text: '≥ 0.40', min: 0.4 },
  searchP99: { text: '≤ 50 ms', maxMs: 50 },
  initialJs: { text: '≤ 180 KB gzip', maxKB: 180 },
  lighthouse: { text: 'performance ≥ 95, accessibility ≥ 95', min: 95 },
  meToHealth: { text: '≥ 0.15 (embedded database)', min: 0.15 },
  coldStart: { text: '≤ 20 s', maxMs: 20_000 },
  warmStart: { text: '≤ 3 s', maxMs: 3_000 },
  deckValidation: { text: '≥ 100,000 decks/s', min: 100_000 },
  validateToHealth: { text: '≥ 0.50', min: 0.5 },
};

export const lighthouseFigure = (page: string, scores: { performance: number; accessibility: number } | undefined): Figure =>
  scores
    ? {
        figure: `Lighthouse ${page} (mobile)`,
        value: `perf ${scores.performance}, a11y ${scores.accessibility}`,
        target: TARGETS.lighthouse.text,
        pass: scores.performance >= TARGETS.lighthouse.min && scores.accessibility >= TARGETS.lighthouse.min,
      }
    : { figure: `Lighthouse ${page} (mobile)`, value: 'skipped (BENCH_SKIP_LIGHTHOUSE=1)', target: TARGETS.lighthouse.text, pass: null };


export const sessionFigures = (health: LoadResult, me: LoadResult | undefined): Figure[] =>
  me
    ? [
        {
          figure: 'signed-in GET /api/me / health throughput',
          value: `${+(me.requestsPerSec / health.requestsPerSec).toFixed(3)} (${me.requestsPerSec} vs ${health.requestsPerSec} req/s, p99 ${me.p99Ms} ms${me.non2xx ? `, ${me.non2xx} non-2xx` : ''})`,
          target: TARGETS.meToHealth.text,
          pass: me.requestsPerSec / health.requestsPerSec >= TARGETS.meToHealth.min && me.non2xx === 0 && me.errors === 0,
        },
      ]
    : [];

export const validateFigures = (health: LoadResult, validate: LoadResult, validateVaried: LoadResult): Figure[] =>
  (
    [
      ['same list', validate],
      ['every list new', validateVaried],
    ] as const
  ).map(([what, r]) => {
    const ratio = +(r.requestsPerSec / health.requestsPerSec).toFixed(3);
    return {
      figure: `POST /api/decks/validate / health throughput, ${what}`,
      value: `${ratio} (${r.requestsPerSec} req/s, p99 ${r.p99Ms} ms)`,
      target: TARGETS.validateToHealth.text,
      pass: ratio >= TARGETS.validateToHealth.min && r.errors === 0 && r.non2xx === 0,
    };
  });

const passMark = (pass: boolean | null) => (pass === null ? '—' : pass ? 'pass' : 'MISS');

export function figuresMarkdown(figures: Figure[]): string[] {
  return ['| figure | value | target | result |', '|---|---:|---|---|', ...figures.map((f) => `| ${f.figure} | ${f.value} | ${f.target} | ${passMark(f.pass)} |`)];
}

/** What a run measured, in the units latest.json keeps them in. */
export interface Measured {
  date: string;
  /** The code measured: a commit, and whether the tree had other changes (absent in results saved before issue 46). */
  code?: { commit: string; changed: boolean };
  machine: { cpus: number; node: string };
  load: { durationSeconds: number; connections: number };
  results: LoadResult[];
  uncachedSearches: { count: number; p50Ms: number; p99Ms: number; maxMs: number };
  initialJsGzipKB: number;
  initialCssGzipKB: number;
  coldStartMs: number;
  warmStartMs: number;
  sigtermExitCode: number | null;
  deckValidationPerSecond: number;
  deckValidateEndpoint: LoadResult;
  deckValidateEndpointUncached: LoadResult;
  lighthouse: { home: { performance: number; accessibility: number }; cards: { performance: number; accessibility: number } } | null;
  binders: BindersResult;
  /** Issue 14 (absent in results saved before it). */
  prices?: PricesResult;
  coldStartDemoMs?: number;
  cardsWithPrices?: { ratio: number; withRps: number; withoutRps: number; without: LoadResult; withPrices: LoadResult };
  /** Issue 15 (absent in results saved before it). */
  alerts?: AlertsResult;
  /** Issue 20: signed-in GET /api/me under the same load as health (absent in results saved before it). */
  me?: LoadResult;
  /** Issue 20: the mixed signed-in load on PostgreSQL (only when DATABASE_URL is set). */
  mixed?: MixedResult;
  /** Issue 20: server CPU ms per request, endpoint by endpoint (absent in results saved before it). */
  cpu?: CpuResult;
  /** Issue 17: card thumbnails (absent in results saved before it). */
  images?: ImagesResult;
  scan?: ScanResult;
  /** Issue 42: the search language (absent in results saved before it). */
  searchLanguage?: SearchLanguageResult;
  /** Issue 43: the tournament meta (absent in results saved before it). */
  meta?: MetaResult;
  /** Issue 43: the tournament sources' ingest (absent in results saved before it). */
  tournaments?: TournamentsResult;
  /** Issue 44: the trade matches (absent in results saved before it). */
  trades?: TradesResult;
  /** Issue 45: signed-in pages and taps at 4× CPU, first-visit JS, Lighthouse signed in (absent in results saved before it). */
  phone?: PhoneResult;
}

/** latest.json and latest.md of a run: every figure with its target and pass/MISS. */
/** A part's section of latest.md (title, what was measured, its figures); none when the part did not run. */
const partSection = (ran: unknown, title: string, about: string, figures: Figure[]): string[] =>
  ran ? [`## ${title}`, '', about, '', ...figuresMarkdown(figures), ''] : [];

export function report(m: Measured): { summary: Record<string, unknown>; md: string } {
  const { results, uncachedSearches: uncached, deckValidateEndpoint: validate, deckValidateEndpointUncached: validateVaried, lighthouse: lh, binders } = m;
  const { durationSeconds: duration, connections: conns } = m.load;
  const priceFigures = m.prices ? pricesFigures(m.prices, { coldStartDemoMs: m.coldStartDemoMs, cardsWithPrices: m.cardsWithPrices }) : [];
  const alertFigures = m.alerts ? alertsFigures(m.alerts) : [];
  const imageFigures = m.images ? imagesFigures(m.images) : [];
  const scannerFigures = m.scan ? scanFigures(m.scan) : [];
  const languageFigures = m.searchLanguage ? searchLanguageFigures(m.searchLanguage) : [];
  const tournamentMetaFigures = m.meta ? metaFigures(m.meta) : [];
  const tournamentFigures = m.tournaments ? tournamentsFigures(m.tournaments) : [];
  const tradeFigures = m.trades ? tradesFigures(m.trades) : [];
  const phoneLines = m.phone ? phoneFigures(m.phone) : [];
  const health = results[0]!;
  const searchResults = results.slice(1, 6);
  const searchAvg = searchResults.reduce((s, r) => s + r.requestsPerSec, 0) / searchResults.length;
  const ratios = {
    searchToHealthAvg: +(searchAvg / health.requestsPerSec).toFixed(3),
    searchToHealthMin: +(Math.min(...searchResults.map((r) => r.requestsPerSec)) / health.requestsPerSec).toFixed(3),
  };
  const worstSearchP99Ms = Math.max(...searchResults.map((r) => r.p99Ms));
  const { initialJsGzipKB, coldStartMs, warmStartMs, deckValidationPerSecond } = m;
  const figures: Figure[] = [
    {
      figure: 'search / health throughput (average of the 5 searches)',
      value: String(ratios.searchToHealthAvg),
      target: TARGETS.searchToHealth.text,
      pass: ratios.searchToHealthAvg >= TARGETS.searchToHealth.min,
    },
    {
      figure: 'search / health throughput (slowest search)',
      value: String(ratios.searchToHealthMin),
      target: TARGETS.searchToHealth.text,
      pass: ratios.searchToHealthMin >= TARGETS.searchToHealth.min,
    },
    { figure: 'worst search p99', value: `${worstSearchP99Ms} ms`, target: TARGETS.searchP99.text, pass: worstSearchP99Ms <= TARGETS.searchP99.maxMs },
    {
      figure: `uncached searches, one at a time (${uncached.count} distinct)`,
      value: `p50 ${uncached.p50Ms} ms, p99 ${uncached.p99Ms} ms`,
      target: TARGETS.searchP99.text,
      pass: uncached.p99Ms <= TARGETS.searchP99.maxMs,
    },
    { figure: 'initial JS (gzip): every script of a first visit of /', value: `${initialJsGzipKB} KB`, target: TARGETS.initialJs.text, pass: initialJsGzipKB <= TARGETS.initialJs.maxKB },
    { figure: 'cold start with seeding', value: `${coldStartMs} ms`, target: TARGETS.coldStart.text, pass: coldStartMs <= TARGETS.coldStart.maxMs },
    { figure: 'warm restart', value: `${warmStartMs} ms`, target: TARGETS.warmStart.text, pass: warmStartMs <= TARGETS.warmStart.maxMs },
    ...validateFigures(health, validate, validateVaried),
    ...sessionFigures(health, m.me),
    ...(m.mixed
      ? mixedFigures(m.mixed)
      : [{ figure: 'mixed signed-in load on PostgreSQL', value: 'not run (DATABASE_URL not set)', target: 'p99 ≤ 50 ms at 16 connections (PostgreSQL)', pass: null }]),
    {
      figure: '50-card deck validation (core, one thread)',
      value: `${deckValidationPerSecond} decks/s`,
      target: TARGETS.deckValidation.text,
      pass: deckValidationPerSecond >= TARGETS.deckValidation.min,
    },
    lighthouseFigure('/', lh?.home),
    lighthouseFigure('/cards', lh?.cards),
  ];
  const summary = {
    date: m.date,
    code: m.code,
    machine: m.machine,
    load: m.load,
    results,
    ratios,
    worstSearchP99Ms,
    uncachedSearches: uncached,
    initialJsGzipKB,
    initialCssGzipKB: m.initialCssGzipKB,
    coldStartMs,
    warmStartMs,
    sigtermExitCode: m.sigtermExitCode,
    deckValidationPerSecond,
    deckValidateEndpoint: validate,
    deckValidateEndpointUncached: validateVaried,
    validateUncachedToHealth: +(validateVaried.requestsPerSec / health.requestsPerSec).toFixed(3),
    validateToHealth: +(validate.requestsPerSec / health.requestsPerSec).toFixed(3),
    lighthouse: lh,
    binders,
    targets: {
      searchToHealth: TARGETS.searchToHealth.text,
      searchP99: TARGETS.searchP99.text,
      initialJs: TARGETS.initialJs.text,
      lighthouse: TARGETS.lighthouse.text,
      coldStart: TARGETS.coldStart.text,
      warmStart: TARGETS.warmStart.text,
      deckValidation: TARGETS.deckValidation.text,
      validateToHealth: TARGETS.validateToHealth.text,
      binderImport: binders.targets.importMs,
      binderDetailP99: binders.targets.detailP99,
    },
    /** Every goal with its figure, its target and whether it was met (pass null: not measured), as in latest.md. */
    prices: m.prices,
    coldStartDemoMs: m.coldStartDemoMs,
    cardsWithPrices: m.cardsWithPrices,
    alerts: m.alerts,
    me: m.me,
    mixed: m.mixed,
    cpu: m.cpu,
    images: m.images,
    scan: m.scan,
    searchLanguage: m.searchLanguage,
    meta: m.meta,
    tournaments: m.tournaments,
    trades: m.trades,
    phone: m.phone,
    figures: {
      foundation: figures,
      binders: bindersFigures(binders),
      prices: priceFigures,
      alerts: alertFigures,
      images: imageFigures,
      scan: scannerFigures,
      searchLanguage: languageFigures,
      meta: tournamentMetaFigures,
      tournaments: tournamentFigures,
      trades: tradeFigures,
      phone: phoneLines,
    },
    allPass: [...figures, ...bindersFigures(binders), ...priceFigures, ...alertFigures, ...imageFigures, ...scannerFigures, ...languageFigures, ...tournamentMetaFigures, ...tournamentFigures, ...tradeFigures, ...phoneLines].every((f) => f.pass !== false),
  };
  const md = [
    `# Benchmark — ${summary.date}`,
    '',
    m.code ? `Code: commit \`${m.code.commit}\`${m.code.changed ? ' with uncommitted changes' : ''}.` : 'Code: not recorded (a run before issue 46).',
    '',
    `${summary.machine.cpus} CPUs, Node ${summary.machine.node}; autocannon ${duration} s × ${conns} connections on loopback with a browser's Accept-Encoding, embedded PGlite.`,
    '',
    '| scenario | path | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | \`${r.path}\` | ${r.requestsPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`),
    '',
    ...figuresMarkdown(figures),
    '',
    ...bindersMarkdown(binders),
    ...partSection(m.prices, 'Prices (issue 14)', 'Ingest and history in process on an in-memory embedded database seeded with the real library (bench/prices.ts); the cold start and `/cards` figures on the server above (demo prices on: embedded database, no price source).', priceFigures),
    ...partSection(m.alerts, 'Price alerts and the comparison report (issue 15)', 'In process on an in-memory embedded database seeded with the real library and its demo prices (bench/alerts.ts, bench/reports.ts): the price comparison report over a 10,000-card collection (median of 6 runs after a warm-up), one evaluation of every watch, then notification streams over loopback HTTP.', alertFigures),
    ...partSection(m.images, 'Card images (issue 17)', 'The built server with CARD_IMAGE_BASE_URL at a local stand-in for the publisher serving synthetic 600 × 838 PNGs (bench/images.ts): kept thumbnails under load, the first /cards screen in Chromium, Lighthouse on /cards with the images and on a public binder of 200 cards, their thumbnails kept (as after npm run images:warm) and the server quiet first (bench/quiet.ts).', imageFigures),
    ...partSection(m.scan, 'Scanner (issue 17)', "Every 14th distinct card number of the catalogue drawn as a card's bottom-right corner prints it (number and rarity, bold condensed type, dark and light frames), spoiled six ways, read by tesseract.js with the browser's settings and the card-number reader (bench/scan.ts). The type is Liberation Sans Narrow Bold, a stand-in for the card's own: expect lower figures from a camera.", scannerFigures),
    ...partSection(m.searchLanguage, 'Search language (issue 42)', 'GET /api/cards?q= on the server above: 20 complex queries (negation, or, effect text, numbers, sets, legality, prices) in turn under the same load as health, the same queries uncached one at a time, and parsing in process (bench/search.ts).', languageFigures),
    ...partSection(m.tournaments, 'Tournament sources (issue 43)', 'In process on an in-memory embedded database seeded with the real library (bench/tournaments.ts): the Limitless fetcher reading a local mirror over loopback HTTP (real published decklists dealt round-robin), one request at a time with no pause, each tournament matched and stored in its own transaction; then the same run again.', tournamentFigures),
    ...partSection(m.meta, 'Tournament meta (issue 43)', 'The built server on a data directory holding 200 tournaments × 64 standings over the last 90 days (synthetic lists of 40 library Leaders, stored through storeTournament before the server started) and a user with a 10,000-row collection (bench/meta.ts): GET /api/meta/leaders under the same load as health (the first, computed answer timed apart), and GET /api/meta/buildable one request at a time.', tournamentMetaFigures),
    ...partSection(m.trades, 'Trades (issue 44)', 'The built server on a data directory holding 1,000 users open to trading, each with a 500-row Trade binder and a 100-row wishlist, and a user with a 2,000-row wishlist (one row in ten "any print") and a 300-row Trade binder, rows drawn from every print of the library (bench/trades.ts): GET /api/trades/matches for that user, one request at a time.', tradeFigures),
    ...partSection(m.phone, 'Fast where players use it (issue 45)', "The built server on a fresh data directory with card images from a local stand-in origin; a Hobby user with a 2,000-row binder and a 50-card deck (bench/phone.ts). Chromium on a 412 × 823 phone screen at 4× CPU throttling, service workers blocked, the HTTP cache warm: the time from navigation start to the first frame showing the page's `main h1`, and whether a frame after the first contentful paint showed only a loading placeholder; Interaction to Next Paint from the Event Timing API (bench/phone-page.ts). The layout shift of the same pages while they load (Layout Instability API, shifts after an input left out) at 390 px (the phone, 4×) and 1366 px (a desktop, unthrottled; bench/phone-shift.ts). First-visit JavaScript of / and /cards; Lighthouse mobile with the session cookie.", phoneLines),
    ...(m.cpu ? ['## Server CPU per request (issue 20)', '', ...cpuMarkdown(m.cpu), ''] : []),
  ].join('\n');
  return { summary, md };
}
