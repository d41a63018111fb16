/**
 * The layout shift of the signed-in pages while they load (issue 45's last goal: ≤ 0.02 at 390 and 1366 px), measured
 * by the probe of bench/phone-page.ts (PerformanceObserver type `layout-shift`, buffered, shifts after an input left
 * out, summed):
 * - 390 × 844 in the phone's context (its user agent, so the server draws for a phone; touch; 1.75 device pixels) at
 *   4× CPU throttling, as the headings: a slow phone paints more of the in-between states a fast one skips;
 * - 1366 × 900 in a desktop context (the e2e desktop project's screen), unthrottled.
 * One untimed visit (the HTTP cache warm), then RUNS navigations; each run's figure is the sum of the page's shifts from
 * navigation start until it is hydrated, its heading shown, the network quiet and no loading placeholder left.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { log } from './bench-env';
import { hydrated, median, RUNS, settle, throttle, THROTTLE, type Win } from './phone-page';

export const SHIFT_WIDTHS = [
  { width: 390, height: 844, throttle: THROTTLE },
  { width: 1366, height: 900, throttle: 1 },
] as const;

export interface ShiftResult {
  page: string;
  width: number;
  /** CPU throttling of the runs (1: none). */
  throttle: number;
  /** Each run's cumulative layout shift. */
  runs: number[];
  median: number;
  /** The shifts of the run with the largest sum: `value@ms: what moved`. */
  worst: string[];
}

/** No loading placeholder left in main (the shell's skeleton, PageLoading's spinner, a block marked aria-busy). */
const noPlaceholder = (page: Page) =>
  page.waitForFunction(
    () => !(globalThis as unknown as { document: { querySelector: (s: string) => unknown } }).document.querySelector(
      'main [data-testid="page-skeleton"], main [data-testid="page-loading"], main [aria-busy="true"]',
    ),
    null,
    { timeout: 30_000, polling: 100 },
  );

/** The layout shift of `url` loaded in `context` at `screen`'s width (bench/phone-page.ts's probe in every document). */
export async function layoutShifts(context: BrowserContext, name: string, url: string, screen: (typeof SHIFT_WIDTHS)[number]): Promise<ShiftResult> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const cdp = screen.throttle > 1 ? await throttle(page, screen.throttle) : null;
    const runs: number[] = [];
    let worst: string[] = [];
    for (let run = 0; run <= RUNS; run++) {
      await page.goto(url, { waitUntil: 'load' });
      await hydrated(page);
      await page.waitForFunction(() => (globalThis as unknown as Win).__phone.heading !== null, null, { timeout: 30_000, polling: 100 });
      await settle(page);
      await noPlaceholder(page);
      // Two frames painted after the page is quiet, then the shifts the browser has queued but not yet reported.
      await page.evaluate(() => new Promise((r) => (globalThis as unknown as Win).requestAnimationFrame(() => (globalThis as unknown as Win).requestAnimationFrame(() => r(null)))));
      const s = await page.evaluate(() => {
        const probe = (globalThis as unknown as Win).__phone;
        probe.flushShifts();
        return { cls: probe.cls, shifts: probe.shifts };
      });
      if (run === 0) continue;
      const cls = +s.cls.toFixed(4);
      if (!runs.length || cls > Math.max(...runs)) worst = s.shifts;
      runs.push(cls);
    }
    await cdp?.detach();
    const result = { page: name, width: screen.width, throttle: screen.throttle, runs, median: median(runs), worst };
    log(`phone: ${name} at ${screen.width} px${screen.throttle > 1 ? ` (${screen.throttle}× CPU)` : ''}: CLS ${result.median} (runs ${runs.join(', ')})${worst.length ? `; the largest run's shifts: ${worst.join('; ')}` : ''}`);
    return result;
  } finally {
    await page.close();
  }
}
