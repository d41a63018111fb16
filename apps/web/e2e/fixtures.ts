import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test as playwrightTest, expect, type Page } from '@playwright/test';
import { startServer, type E2eServer } from './server';

/** A port nobody listens on now, for this worker's server. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Playwright's own fixtures, with this worker's server as `baseURL`: started once per worker on a copy of the run's
 * template data directory (e2e/global-setup.ts, e2e/server.ts), stopped and removed when the worker ends.
 */
export const serverTest = playwrightTest.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // Playwright reads a fixture's dependencies from its destructured first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const runDir = process.env.E2E_RUN_DIR;
      const template = process.env.E2E_TEMPLATE_DIR;
      if (!runDir || !template) throw new Error('No template data directory: e2e/global-setup.ts makes it (run through playwright.config.ts)');
      const dataDir = path.join(runDir, `worker-${workerInfo.workerIndex}`);
      fs.cpSync(template, dataDir, { recursive: true });
      const server = await startServer({ port: await freePort(), dataDir });
      process.env.E2E_BASE_URL = server.url;
      process.env.E2E_DATA_DIR = dataDir;
      await use(server);
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.url),
});

/**
 * Every test starts with English and the dark theme unless it sets something else, and comes from its own
 * client address (the server trusts X-Forwarded-For in e2e), so rate limits per address do not leak
 * between tests.
 */
/** React's own reports of a hydration that failed or fell back to drawing in the browser. */
export const isHydrationError = (message: string) => /hydrat|Minified React error #4(18|19|21|23|25)\b|could not finish this Suspense/i.test(message);

export const test = serverTest.extend<{ page: Page }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
  page: async ({ page, baseURL }, use) => {
    // API shortcuts taken with the page's cookies (page.request) write as the app's own pages do: with their
    // Origin, which browsers add to every fetch that is not GET or HEAD and the server requires of cookie writes.
    // (The app's own requests in the browser get nothing added here: they must send Origin by themselves.)
    const request = page.request;
    const fetch = request.fetch.bind(request);
    request.fetch = (urlOrRequest, options = {}) => {
      const method = (options.method ?? (typeof urlOrRequest === 'string' ? 'GET' : urlOrRequest.method())).toUpperCase();
      const unsafe = method !== 'GET' && method !== 'HEAD';
      return fetch(urlOrRequest, unsafe && baseURL ? { ...options, headers: { Origin: new URL(baseURL).origin, ...options.headers } } : options);
    };
    // Pages drawn by the server (a visitor's /, /cards; a signed-in user's own pages, ADR 026) are visible before the
    // app's code runs. A tap before they are hydrated is kept and replayed once they are (lib/early-input.ts, tested
    // in ssr.spec.ts), but a test reads the page's state too: navigations wait until the app's first drawing has
    // committed (app/boot.tsx marks <html data-hydrated>); pages that are not the app's (no #root) do not wait.
    const appStarted = () =>
      page
        .waitForFunction(() => document.documentElement.dataset.hydrated !== undefined || !document.getElementById('root'), null, { timeout: 15_000 })
        .then(() => undefined)
        .catch(() => undefined);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await appStarted();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await appStarted();
      return response;
    };
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-initialised')) {
        sessionStorage.setItem('e2e-initialised', '1');
        localStorage.setItem('selectedLanguage', 'en');
        localStorage.setItem('theme', 'dark');
      }
    });
    // Translation keys no language had (src/lib/i18n.ts reports them into window.__i18nMissing when it exists). Each
    // page load starts a new array, so every report is handed to the test at once, and the test fails at its end with them.
    const missing: string[] = [];
    await page.exposeFunction('__e2eMissingKey', (entry: string) => {
      if (!missing.includes(entry)) missing.push(entry);
    });
    await page.addInitScript(() => {
      const sink: string[] = [];
      sink.push = (...entries: string[]) => {
        const report = (window as unknown as { __e2eMissingKey?: (entry: string) => Promise<void> }).__e2eMissingKey;
        for (const entry of entries) void report?.(entry);
        return Array.prototype.push.apply(sink, entries);
      };
      window.__i18nMissing = sink;
    });
    // A server-drawn page (e2e/ssr.spec.ts) that React could not hydrate as drawn: a bug in every test that meets it.
    const hydration: string[] = [];
    page.on('pageerror', (err) => {
      if (isHydrationError(err.message)) hydration.push(err.message.slice(0, 300));
    });
    await use(page);
    expect(hydration, `hydration errors: ${hydration.join(' | ')}`).toEqual([]);
    expect(missing, `translation keys missing in every language and namespace (language/namespace:key): ${missing.join(', ')}`).toEqual([]);
  },
});

export { expect };
