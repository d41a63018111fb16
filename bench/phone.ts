/**
 * Fast where players use it (issue 45), on the built server and its embedded database:
 * - the server starts on a fresh data directory (migrations, the real library, demo prices); one user signs up through
 *   it and is put on the Hobby plan (a 2,000-row binder is beyond Free), imports a 2,000-row binder (a Liga CSV of
 *   distinct rows, the library's prints in number order) and saves a legal 50-card Standard deck (a one-colour red
 *   Leader of block 3, 12 red Characters × 4 and one × 2) — the same data on every run;
 * - in Chromium on a phone-sized screen at 4× CPU throttling (bench/phone-page.ts): the time to the main heading of six
 *   signed-in pages and whether a spinner-only frame followed the first paint; Interaction to Next Paint of four taps;
 * - the layout shift of the same six pages while they load, at 390 px (the phone, 4×) and 1366 px (bench/phone-shift.ts);
 * - the JavaScript of a first visit of / and of /cards (gzip), each script listed;
 * - Lighthouse mobile on the signed-in /dashboard, the 2,000-row binder and the deck editor (a Chromium holding the
 *   session cookie, driven by Lighthouse: lighthouseSignedIn).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { BinderDetail, ImportResult } from '@grandline/core/contracts/binders';
import { cardPath } from '@grandline/core/slug';
import { demoPricesServed } from './api-scenarios';
import { base, skipLighthouse } from './bench-env';
import { grantPlan, libraryPrints, ligaCsv, signedInUser } from './binders';
import { chromePath, startOrigin } from './images';
import { desktopContext, headingTimes, interactionTimes, phoneContext, RUNS, THROTTLE, type HeadingResult, type InpResult } from './phone-page';
import { layoutShifts, SHIFT_WIDTHS, type ShiftResult } from './phone-shift';
import { waitForQuietProcess } from './quiet';
import { startServer, stopServer } from './server-process';
import { firstVisitJsGzip, lighthouseSignedIn } from './web-figures';

const BINDER_ROWS = 2_000;
const targets = { headingMs: 800, inpMs: 200, homeJsKB: 160, cardsJsKB: 175, lighthouse: 95, layoutShift: 0.02 };

export interface PhoneResult {
  throttle: number;
  runs: number;
  binderRows: number;
  deckCards: number;
  headings: HeadingResult[];
  interactions: InpResult[];
  /** The layout shift of the six pages at 390 and 1366 px (absent in results saved before it). */
  shifts?: ShiftResult[];
  firstVisit: { path: string; files: number; gzipKB: number; scripts: { file: string; gzipKB: number }[] }[];
  lighthouse: { page: string; performance: number; accessibility: number }[] | null;
  durationS: number;
}

interface ApiCard {
  id: number;
  name: string;
  cardNumber: string;
  gameCategory: string;
  colors: string[];
}

/** The user's data: a Hobby plan, a 2,000-row binder, a legal 50-card deck; returns the addresses to measure. */
async function userData(dataDir: string, log: (msg: string) => void) {
  const cookie = await signedInUser(base, dataDir);
  await grantPlan(base, dataDir, cookie, 'hobby');
  const write = (method: string, urlPath: string, body: string, type = 'application/json') =>
    fetch(`${base}${urlPath}`, { method, headers: { cookie, origin: base, 'content-type': type }, body });
  const created = await write('POST', '/api/binders', JSON.stringify({ name: 'Bench 2k', category: 'personal' }));
  if (created.status !== 201) throw new Error(`POST /api/binders: ${created.status} ${await created.text()}`);
  const binderId = ((await created.json()) as BinderDetail).id;
  const imported = await write('POST', `/api/binders/${binderId}/import?format=csv&mode=replace`, ligaCsv(await libraryPrints(base), BINDER_ROWS), 'text/csv');
  const result = (await imported.json()) as ImportResult;
  if (!imported.ok || result.imported !== BINDER_ROWS) throw new Error(`binder import: ${imported.status} imported ${result.imported}`);

  const ask = async (query: string) => ((await (await fetch(`${base}/api/cards?${query}`)).json()) as { items: ApiCard[] }).items;
  const leader = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).find((c) => c.colors.length === 1)!;
  const reds = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1);
  if (reds.length < 14) throw new Error(`only ${reds.length} red Characters of block 3`);
  const cards = reds.slice(0, 13).map((c, i) => ({ cardId: c.id, quantity: i === 12 ? 2 : 4 }));
  const deck = await write('POST', '/api/decks', JSON.stringify({ name: 'Bench red', format: 'standard', leaderCardId: leader.id, cards }));
  if (deck.status !== 201) throw new Error(`POST /api/decks: ${deck.status} ${await deck.text()}`);
  const deckId = ((await deck.json()) as { id: string }).id;
  log(`phone: a ${BINDER_ROWS}-row binder and a 50-card deck for a Hobby user`);
  return { cookie, binderId, deckId, card: reds[0]!, extra: reds[13]! };
}

export async function phoneBenchmark(log: (msg: string) => void): Promise<PhoneResult> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-bench-phone-'));
  // Card images from a stand-in for the publisher's origin (bench/images.ts), so pages draw real thumbnails.
  const origin = await startOrigin();
  const server = startServer(dataDir, { CARD_IMAGE_BASE_URL: origin.url });
  try {
    await server.ready;
    await demoPricesServed();
    const { cookie, binderId, deckId, card, extra } = await userData(dataDir, log);
    const pages: [string, string][] = [
      ['/dashboard', '/dashboard'],
      ['/cards', '/cards'],
      // Its own address, as the app's links write it (another spelling is one redirect more).
      ['card page', cardPath(card)],
      ['/collection', '/collection'],
      [`binder of ${BINDER_ROWS.toLocaleString('en')} rows`, `/collection/${binderId}`],
      ['deck editor (50 cards)', `/deck/${deckId}/edit`],
    ];
    const browser = await chromium.launch({ executablePath: chromePath(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
    const headings: HeadingResult[] = [];
    const interactions: InpResult[] = [];
    const shifts: ShiftResult[] = [];
    try {
      const context = await phoneContext(browser, base, cookie);
      for (const [name, urlPath] of pages) headings.push(await headingTimes(context, name, `${base}${urlPath}`));
      const desktop = await desktopContext(browser, base, cookie);
      for (const screen of SHIFT_WIDTHS) {
        for (const [name, urlPath] of pages) shifts.push(await layoutShifts(screen.width < 640 ? context : desktop, name, `${base}${urlPath}`, screen));
      }
      await desktop.close();
      for (const [name, urlPath, ready] of taps(extra)) {
        const at = urlPath.replace('{deck}', deckId).replace('{binder}', binderId).replace('{card}', cardPath(card));
        interactions.push(await interactionTimes(context, name, `${base}${at}`, ready));
      }
    } finally {
      await browser.close();
    }
    const firstVisit = [];
    for (const urlPath of ['/', '/cards']) {
      const v = await firstVisitJsGzip(urlPath);
      firstVisit.push({ path: urlPath, files: v.files, gzipKB: +(v.js / 1024).toFixed(1), scripts: v.scripts });
      log(`phone: first visit of ${urlPath}: ${v.files} scripts, ${(v.js / 1024).toFixed(1)} KB gzip: ${v.scripts.map((s) => `${s.file} ${s.gzipKB}`).join(', ')}`);
    }
    let lh: PhoneResult['lighthouse'] = null;
    if (!skipLighthouse) {
      await waitForQuietProcess(server.child.pid, log);
      lh = [];
      for (const [name, urlPath] of [pages[0]!, pages[4]!, pages[5]!]) lh.push({ page: name, ...(await lighthouseSignedIn(urlPath, cookie)) });
    }
    const durationS = Math.round((performance.now() - started) / 1000);
    log(`phone: ${durationS} s`);
    return { throttle: THROTTLE, runs: RUNS, binderRows: BINDER_ROWS, deckCards: 50, headings, interactions, shifts, firstVisit, lighthouse: lh, durationS };
  } finally {
    await stopServer(server.child);
    await origin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Ready = (page: Page) => Promise<{ click: () => Promise<void> }>;

/** The four taps: where, and how the page is brought to the state before it (the target visible, its data there). */
function taps(extra: ApiCard): [string, string, Ready][] {
  return [
    [
      'deck editor: a search result added to the deck',
      '/deck/{deck}/edit',
      async (page) => {
        const search = page.getByTestId('deck-card-search');
        await search.getByTestId('deck-card-query').waitFor({ state: 'attached' });
        // On a phone the editor shows the deck or the search: the search's pane first.
        const pane = page.getByTestId('editor-pane-search');
        if (await pane.isVisible()) await pane.click();
        await search.getByTestId('deck-card-query').fill(extra.cardNumber);
        const result = search.locator(`[data-testid="search-result"][data-card-number="${extra.cardNumber}"]`).first();
        await result.waitFor();
        return { click: () => result.click() };
      },
    ],
    [
      `binder of ${BINDER_ROWS.toLocaleString('en')} rows: + on a row`,
      '/collection/{binder}',
      async (page) => {
        const plus = page.getByTestId('quantity-stepper').first().getByRole('button').last();
        await plus.waitFor();
        return { click: () => plus.click() };
      },
    ],
    [
      'card library: grid → list',
      '/cards',
      async (page) => {
        const grid = page.getByRole('radio', { name: 'Grid view' });
        await grid.waitFor();
        if ((await grid.getAttribute('aria-checked')) !== 'true') {
          await grid.click();
          await page.getByRole('radio', { name: 'Grid view', checked: true }).waitFor();
        }
        const list = page.getByRole('radio', { name: 'List view' });
        return { click: () => list.click() };
      },
    ],
    [
      'card page: the price history range 1Y',
      '{card}',
      async (page) => {
        const year = page.getByTestId('range-buttons').getByRole('button', { name: '1Y' });
        await year.waitFor();
        return { click: () => year.click() };
      },
    ],
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function phoneFigures(p: PhoneResult): { figure: string; value: string; target: string; pass: boolean | null }[] {
  const at = `${p.throttle}× CPU, median of ${p.runs}`;
  const spinnerPages = p.headings.filter((h) => h.spinnerRuns > 0);
  return [
    ...p.headings.map((h) => ({
      figure: `signed-in heading, ${h.page} (${at})`,
      value: `${h.medianMs} ms (runs ${h.runsMs.join(', ')}; first paint ${median(h.fcpMs)} ms)`,
      target: `≤ ${targets.headingMs} ms`,
      pass: (h.medianMs <= targets.headingMs),
    })),
    {
      figure: `signed-in pages with a spinner-only frame after the first paint (of ${p.headings.length})`,
      value: `${spinnerPages.length}${spinnerPages.length ? ` (${spinnerPages.map((h) => `${h.page}: ${h.spinnerRuns}/${p.runs} runs`).join('; ')})` : ''}`,
      target: '0',
      pass: spinnerPages.length === 0,
    },
    ...(p.shifts ?? []).map((c) => ({
      figure: `layout shift, ${c.page} at ${c.width} px (${c.throttle > 1 ? `phone, ${c.throttle}× CPU` : 'desktop, unthrottled'}, median of ${c.runs.length})`,
      value: `${c.median} (runs ${c.runs.join(', ')})`,
      target: `≤ ${targets.layoutShift}`,
      pass: c.median <= targets.layoutShift,
    })),
    ...p.interactions.map((i) => ({
      figure: `INP, ${i.interaction} (${at})`,
      value: `${i.medianMs} ms (runs ${i.runsMs.join(', ')}${i.underThreshold ? `; ${i.underThreshold} under 16 ms, counted 16` : ''})`,
      target: `≤ ${targets.inpMs} ms`,
      pass: (i.medianMs <= targets.inpMs),
    })),
    ...p.firstVisit.map((v) => {
      const max = v.path === '/' ? targets.homeJsKB : targets.cardsJsKB;
      return { figure: `first-visit JS (gzip) of ${v.path}, ${v.files} scripts`, value: `${v.gzipKB} KB`, target: `≤ ${max} KB`, pass: (v.gzipKB <= max) };
    }),
    ...(p.lighthouse
      ? p.lighthouse.map((l) => ({
          figure: `Lighthouse mobile performance, signed-in ${l.page} (median of LIGHTHOUSE_RUNS)`,
          value: `${l.performance} (a11y ${l.accessibility})`,
          target: `≥ ${targets.lighthouse}`,
          pass: l.performance >= targets.lighthouse,
        }))
      : [{ figure: 'Lighthouse mobile performance, signed-in pages', value: 'skipped (BENCH_SKIP_LIGHTHOUSE=1)', target: `≥ ${targets.lighthouse}`, pass: null }]),
  ];
}
