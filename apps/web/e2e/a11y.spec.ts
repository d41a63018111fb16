import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { layoutShift, observeLayoutShifts, PUBLIC_ROUTES, settle, signInWithContent } from './routes';

/**
 * Every page of the router, signed out and signed in: no axe violation of WCAG 2.0/2.1 A and AA in the dark and the
 * light theme, and a cumulative layout shift of at most 0.02 while it loads, at 1366 px (desktop project) and 390 px.
 * Each page is loaded once per width: the wide pass measures its shift, then runs axe, switches the theme and runs
 * axe again.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const MAX_SHIFT = 0.02;
const NARROW = { width: 390, height: 844 };
type Theme = 'dark' | 'light';

interface Contrast {
  fgColor: string;
  bgColor: string;
  contrastRatio: number;
  expectedContrastRatio: string;
}

/** Axe's violations on the page as one line each: theme, route, rule, element and what is wrong (colours and ratio for contrast). */
async function axe(page: Page, route: string, theme: Theme): Promise<string[]> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // Legacy mode runs axe in the page itself; the default opens a blank page per call to merge the results of every
  // frame, for cross-origin frames the app never has (no iframes). Same results, about half the time and CPU.
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const contrast = node.any.find((c) => c.id === 'color-contrast')?.data as Contrast | undefined;
      const detail = contrast
        ? `${contrast.fgColor} on ${contrast.bgColor} = ${contrast.contrastRatio}:1, needs ${contrast.expectedContrastRatio}`
        : (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `[${theme}] ${route} ${v.id} (${v.impact}) ${node.target.join(' ')} — ${detail}`;
    }),
  );
}

/** The shift of the page just loaded, as a failure line when it is over the limit. */
async function shift(page: Page, route: string, width: number): Promise<string[]> {
  const { value, sources } = await layoutShift(page);
  return value > MAX_SHIFT ? [`${route} at ${width} px: CLS ${value.toFixed(3)} > ${MAX_SHIFT} (${sources.join('; ')})`] : [];
}

/**
 * Loads each route at 1366 px and measures its shift, runs axe in the theme the previous route ended with, switches
 * to the other theme (the header's toggle, as a user would; a reload on the pages without the header) and runs axe
 * again.
 */
async function auditWide(page: Page, routes: string[]) {
  const violations: string[] = [];
  const shifts: string[] = [];
  let theme: Theme = 'dark';
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    shifts.push(...(await shift(page, route, 1366)));
    violations.push(...(await axe(page, route, theme)));
    // Axe reads the colours at rest. The app's colour transitions (150 ms) would otherwise still be running when it
    // reads them after the switch, and an off-screen tile (content-visibility: auto) only starts its transition
    // when axe first reads its style: axe then saw the old theme's text on the new background, on a fast machine.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    theme = theme === 'dark' ? 'light' : 'dark';
    const toggle = page.getByTestId('theme-toggle');
    if (await toggle.isVisible()) {
      await toggle.click();
    } else {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await settle(page);
    }
    violations.push(...(await axe(page, route, theme)));
  }
  expect.soft(violations.length, `${violations.length} axe violation(s):\n${violations.join('\n')}`).toBe(0);
  expect.soft(shifts.length, `layout shifts over ${MAX_SHIFT} at 1366 px:\n${shifts.join('\n')}`).toBe(0);
}

/** The page's width beyond the viewport (a phone would scroll sideways), as a failure line naming what sticks out. */
async function overflow(page: Page, route: string): Promise<string[]> {
  const wide = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const out = [...document.querySelectorAll('body *')].find((e) => e.getBoundingClientRect().right > root.clientWidth + 1 && !e.closest('.sr-only'));
    return `${root.scrollWidth} px wide (${out ? `${out.tagName.toLowerCase()}.${String(out.className).split(/\s+/).slice(0, 4).join('.')}` : '?'})`;
  });
  return wide ? [`${route} at ${NARROW.width} px is ${wide}`] : [];
}

/** Loads each route at 390 px: its layout shift, and no page wider than the phone. */
async function auditNarrow(page: Page, routes: string[]) {
  await page.setViewportSize(NARROW);
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    problems.push(...(await shift(page, route, NARROW.width)), ...(await overflow(page, route)));
  }
  expect(problems.length, `layout shifts over ${MAX_SHIFT} or pages wider than the screen at ${NARROW.width} px:\n${problems.join('\n')}`).toBe(0);
}

test.describe('accessibility and layout shift of every page', () => {
  test.describe.configure({ timeout: 300_000 });
  test.beforeEach(({ page }) => observeLayoutShifts(page));

  test('signed out: axe in both themes, layout shift at 1366 px', async ({ page }) => {
    await auditWide(page, PUBLIC_ROUTES);
  });

  test('signed in: axe in both themes, layout shift at 1366 px', async ({ page }) => {
    await auditWide(page, await signInWithContent(page, 'a11y'));
  });

  test(`signed out: layout shift at ${NARROW.width} px`, async ({ page }) => {
    await auditNarrow(page, PUBLIC_ROUTES);
  });

  test(`signed in: layout shift at ${NARROW.width} px`, async ({ page }) => {
    await auditNarrow(page, await signInWithContent(page, 'cls'));
  });

  // Longer texts wrap differently: the library's heading beside the quick-add picker (0.044 in both), the card page's
  // actions row. The pages whose first screen has such rows, in the two longer languages.
  test(`signed in, pt and es: layout shift and width at ${NARROW.width} px`, async ({ page }) => {
    const routes = (await signInWithContent(page, 'cls-long')).filter((r) => /^\/(cards|dashboard|mydecks|deck\/[^/]+\/edit|collection\/|price-comparison)/.test(r));
    for (const language of ['pt', 'es']) {
      await page.goto('/about');
      await page.evaluate((l) => localStorage.setItem('selectedLanguage', l), language);
      await auditNarrow(page, routes);
    }
  });
});
