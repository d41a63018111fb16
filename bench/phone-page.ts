/**
 * What bench/phone.ts measures inside Chromium, at 4× CPU throttling (CDP Emulation.setCPUThrottlingRate), on a
 * phone-sized viewport, service workers blocked:
 * - the heading: a script added to every document before the app's own (PROBE) looks at each animation frame for the
 *   page's main heading (an `h1` inside `main`, with text, laid out and visible) and keeps performance.now() (from
 *   navigation start) of the first frame that has it; each frame before it is classed as `placeholder` when `main`
 *   shows only a loading placeholder (PLACEHOLDERS: the shell's page skeleton, PageLoading's spinner, a block marked
 *   aria-busy; before the app renders, index.html's static shell and its spinner) or `empty` when it shows no text.
 *   A frame that starts after the first contentful paint and is `placeholder` or `empty` is a spinner-only frame;
 * - Interaction to Next Paint of one tap: the Event Timing API (PerformanceObserver type `event`, durationThreshold 16,
 *   buffered) keeps every entry; the figure is the largest duration among the entries of the first interaction
 *   (interactionId) that started after the mark, read once the next frames were painted. Under 16 ms nothing is
 *   reported: that is counted as 16 ms (the API's floor), and said;
 * - layout shifts: a PerformanceObserver of type `layout-shift` (buffered) sums every shift without recent input, and
 *   keeps what moved (read by bench/phone-shift.ts).
 */
import { devices, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { log } from './bench-env';

export const THROTTLE = 4;
export const RUNS = 5;
/** Lighthouse's mobile screen (a Moto G Power): 412 × 823 CSS px at 1.75 device pixels per CSS px. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  // A phone says so: the server then draws its pages for a phone's width (ADR 026), as it would for the real one.
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};
const PLACEHOLDERS = '[data-testid="page-skeleton"], [data-testid="page-loading"], [aria-busy="true"]';

interface Probe {
  heading: number | null;
  fcp: number | null;
  frames: [number, string][];
  events: { id: number; start: number; duration: number; name: string }[];
  /** Layout shifts without recent input, summed (CLS of the page's load), and each one: its value and what moved. */
  cls: number;
  shifts: string[];
  /** Delivers the layout shifts the browser has queued but not yet reported (PerformanceObserver.takeRecords). */
  flushShifts: () => void;
}

/** The page's globals the bench reads (its tsconfig has no DOM types). */
export interface Win {
  __phone: Probe;
  requestAnimationFrame: (callback: (time: number) => void) => number;
}

/**
 * Runs in the page before any of its scripts (plain JavaScript: the bench compiles without the DOM's types): the
 * frames until the heading, the first contentful paint, Event Timing's entries of interactions; kept in
 * window.__phone (a Probe).
 */
const PROBE = `(() => {
  const placeholders = ${JSON.stringify(PLACEHOLDERS)};
  const s = { heading: null, fcp: null, frames: [], events: [] };
  window.__phone = s;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const state = () => {
    const main = document.querySelector('main');
    // Before the app's code runs, index.html's own shell (a header bar and a spinner, no main) may be painted.
    if (!main) return [...document.querySelectorAll('#root .animate-spin')].some(shown) ? 'placeholder' : 'none';
    if ([...main.querySelectorAll('h1')].some((h) => h.textContent.trim() && shown(h))) return 'heading';
    if ([...main.querySelectorAll(placeholders)].some(shown)) return 'placeholder';
    return main.innerText.trim() ? 'other' : 'empty';
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') s.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) s.events.push({ id: e.interactionId, start: e.startTime, duration: e.duration, name: e.name });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const frame = (t) => {
    const now = state();
    s.frames.push([Math.round(t), now]);
    if (now === 'heading') s.heading = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const describe = (n) => {
    if (!(n instanceof Element)) return n ? n.nodeName : '?';
    const id = n.getAttribute('data-testid');
    const cls = typeof n.className === 'string' && n.className.trim() ? '.' + n.className.trim().split(/\\s+/).slice(0, 4).join('.') : '';
    return n.tagName.toLowerCase() + (id ? '[data-testid=' + id + ']' : '') + cls;
  };
  const shifted = (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      s.cls += e.value;
      s.shifts.push(e.value.toFixed(4) + '@' + Math.round(e.startTime) + ': ' + (e.sources || []).map((x) => describe(x.node)).join(', '));
    }
  };
  s.cls = 0;
  s.shifts = [];
  const shifts = new PerformanceObserver((list) => shifted(list.getEntries()));
  shifts.observe({ type: 'layout-shift', buffered: true });
  s.flushShifts = () => shifted(shifts.takeRecords());
})();`;

/** A signed-in phone context: the session cookie, service workers blocked, the probe in every document. */
export const phoneContext = (browser: Browser, base: string, cookie: string) => signedInContext(browser, base, cookie, PHONE);

/** A signed-in desktop at 1366 × 900 (the e2e desktop project's screen), the probe in every document. */
export const desktopContext = (browser: Browser, base: string, cookie: string) => signedInContext(browser, base, cookie, { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } });

async function signedInContext(browser: Browser, base: string, cookie: string, screen: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ ...screen, serviceWorkers: 'block', locale: 'en-US' });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  await context.addInitScript({ content: PROBE });
  return context;
}

export async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** The network quiet for half a second, or 5 s passed (a page may hold a stream open). */
export const settle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);

/** The page's first drawing (hydration of the server's HTML, or a render) committed: app/boot.tsx marks <html data-hydrated>. */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string | undefined> } } }).document.documentElement.dataset.hydrated !== undefined,
    null,
    { timeout: 30_000 },
  );

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface HeadingResult {
  page: string;
  runsMs: number[];
  medianMs: number;
  /** The first contentful paint of each run, ms from navigation start. */
  fcpMs: number[];
  /** Runs with a frame after the first contentful paint whose main area showed only a loading placeholder (or nothing). */
  spinnerRuns: number;
  /** Such frames, summed over the runs. */
  spinnerFrames: number;
  /** The last run's frames, where their state changed: e.g. `none@0 placeholder@350 heading@1100` (ms). */
  timeline: string;
}

/** The heading's time of `url`, an untimed visit first (the HTTP cache warm), then RUNS timed navigations, all at 4×. */
export async function headingTimes(context: BrowserContext, name: string, url: string): Promise<HeadingResult> {
  const page = await context.newPage();
  try {
    const cdp = await throttle(page, THROTTLE);
    const runsMs: number[] = [];
    const fcpMs: number[] = [];
    let spinnerRuns = 0;
    let spinnerFrames = 0;
    let timeline = '';
    for (let run = 0; run <= RUNS; run++) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => (globalThis as unknown as Win).__phone.heading !== null, null, { timeout: 30_000, polling: 100 });
      // The first contentful paint is reported after its frame: wait for it, then class the frames.
      await page.waitForFunction(() => (globalThis as unknown as Win).__phone.fcp !== null, null, { timeout: 10_000, polling: 50 });
      const s = await page.evaluate(() => (globalThis as unknown as Win).__phone);
      await settle(page);
      if (run === 0) continue;
      runsMs.push(Math.round(s.heading!));
      fcpMs.push(Math.round(s.fcp!));
      timeline = s.frames
        .filter(([, state], i) => i === 0 || s.frames[i - 1]![1] !== state)
        .map(([t, state]) => `${state}@${t}`)
        .join(' ');
      const spinners = s.frames.filter(([t, state]) => t > s.fcp! && (state === 'placeholder' || state === 'empty')).length;
      spinnerFrames += spinners;
      if (spinners) spinnerRuns++;
    }
    await cdp.detach();
    const result = { page: name, runsMs, medianMs: median(runsMs), fcpMs, spinnerRuns, spinnerFrames, timeline };
    log(`phone: ${name} heading ${result.medianMs} ms (runs ${runsMs.join(', ')}; first paint ${fcpMs.join(', ')}), spinner-only frames in ${spinnerRuns}/${RUNS} runs (${spinnerFrames} frames); last run's frames: ${timeline}`);
    return result;
  } finally {
    await page.close();
  }
}

export interface InpResult {
  interaction: string;
  runsMs: number[];
  medianMs: number;
  /** Runs whose interaction stayed under the API's 16 ms threshold (counted as 16 ms). */
  underThreshold: number;
}

/**
 * INP of one interaction, RUNS times, each on a fresh navigation of `url`: `ready` (unthrottled, so the run is not
 * spent loading) brings the page to the state before the tap and returns what to tap; the tap is at 4×.
 */
export async function interactionTimes(
  context: BrowserContext,
  name: string,
  url: string,
  ready: (page: Page) => Promise<{ click: () => Promise<void> }>,
): Promise<InpResult> {
  const page = await context.newPage();
  try {
    const runsMs: number[] = [];
    let underThreshold = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(url, { waitUntil: 'load' });
      // A page drawn by the server answers taps once hydrated.
      await hydrated(page);
      const target = await ready(page);
      await settle(page);
      const cdp = await throttle(page, THROTTLE);
      const mark = await page.evaluate(() => performance.now());
      await target.click();
      // Two frames painted, then up to 2 s for the entries (they are reported after the paint they end with).
      await page.evaluate(() => new Promise((r) => (globalThis as unknown as Win).requestAnimationFrame(() => (globalThis as unknown as Win).requestAnimationFrame(() => r(null)))));
      const duration = await page
        .waitForFunction(
          (since) => {
            const events = (globalThis as unknown as Win).__phone.events.filter((e) => e.start >= since);
            return events.length ? Math.max(...events.filter((e) => e.id === events[0]!.id).map((e) => e.duration)) : null;
          },
          mark,
          { timeout: 2_000, polling: 50 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => null);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      if (duration === null) underThreshold++;
      runsMs.push(duration ?? 16);
    }
    const result = { interaction: name, runsMs, medianMs: median(runsMs), underThreshold };
    log(`phone: INP ${name} ${result.medianMs} ms (runs ${runsMs.join(', ')}${underThreshold ? `, ${underThreshold} under 16 ms` : ''})`);
    return result;
  } finally {
    await page.close();
  }
}
