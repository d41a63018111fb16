import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium, expect, type Page } from '@playwright/test';
// Playwright's own page (no language or theme set), on this worker's server.
import { serverTest as test } from './fixtures';

/**
 * The installable, offline app (issue 17): the manifest and service worker make it installable, the catalogue opened
 * once opens again offline with a clear offline state, a page that needs the network says so, and a new release is
 * offered with "New version — reload".
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (the first visit installs it; the reload is then its page). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the app is installable: a manifest with standalone display and icons, and a service worker at /sw.js', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as { display: string; start_url: string; icons: { sizes: string; purpose?: string }[] };
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(registration).toMatch(/\/sw\.js$/);

  // Pages come from the network first (ADR 026): a card's short address, redirected by the server to the card's own,
  // opens through the worker too.
  await controlledByServiceWorker(page);
  const [card] = ((await (await request.get('/api/cards?q=nami&variations=false&pageSize=1')).json()) as { items: { id: number; name: string }[] }).items;
  await page.goto(`/cards/onepiece/${card!.id}`);
  await expect(page).toHaveURL(new RegExp(`/cards/onepiece/${card!.id}-[^/]+$`));
  await expect(page.getByTestId('card-name')).toHaveText(card!.name);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
});

test("Chromium's own check finds the app installable (what its install prompt and Lighthouse's check use)", async ({ browserName, baseURL }, testInfo) => {
  expect(browserName).toBe('chromium');
  // Installability is never granted in an incognito context (Playwright's default): a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, serviceWorkers: 'allow', baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the card library opened once opens offline, says it is offline, and a page that needs the network says so', async ({ page, context }) => {
  await page.goto('/cards');
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('card-grid').getByRole('listitem').first()).toBeVisible();
  const first = (await page.getByTestId('card-grid').getByRole('listitem').first().textContent()) ?? '';
  expect(first).not.toBe('');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // "You are offline." where the browser knows it has no network; "cannot be reached" where it learns it from the
  // failed calls (Chromium's offline emulation leaves navigator.onLine true in a document loaded offline).
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText(/^(You are offline\.|Grand Line cannot be reached\.)/);
  await expect(page.getByTestId('card-grid').getByRole('listitem').first()).toHaveText(first);
  // And it stays: the catalogue call the browser's HTTP cache answered (max-age) does not say the server is back.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The thumbnails the page showed come from the service worker's cache.
  await expect
    .poll(() => page.getByTestId('card-grid').locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // A signed-in page asks who is signed in: offline that is the offline page, not the sign-in page.
  await page.goto('/collection');
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^(You are offline|Grand Line cannot be reached)$/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/collection');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('a new release is offered with "New version — reload", and reloading runs it', async ({ page }) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  // A new release: the service worker's script changes (as each build's precache list does).
  const sw = path.resolve(import.meta.dirname, '../dist/sw.js');
  const original = fs.readFileSync(sw, 'utf8');
  try {
    fs.writeFileSync(sw, `${original}\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const toast = page.getByText('New version — reload');
    await expect(toast).toBeVisible({ timeout: 20_000 });
    const before = await page.evaluate(() => performance.timeOrigin);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => performance.timeOrigin)).not.toBe(before);
    await expect(page.getByText('New version — reload')).toHaveCount(0);
  } finally {
    fs.writeFileSync(sw, original);
  }
});
