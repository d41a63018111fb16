import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_STRIPE } from './e2e/stripe';

/** Debian's chromium (never a downloaded browser): CHROMIUM_PATH, else `chromium` on PATH. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      /* try the next name */
    }
  }
  throw new Error('Chromium not found: install Debian\'s chromium package or set CHROMIUM_PATH');
}

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the main process; the workers inherit it and read the server's mail from DATA_DIR/mail. A directory
// made here is the run's own and is removed at its end (e2e/global-teardown.ts); one given in E2E_DATA_DIR is kept.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-e2e-'));
  process.env.E2E_CREATED_DATA_DIR = process.env.E2E_DATA_DIR;
}
const dataDir = process.env.E2E_DATA_DIR;
// Payments are on in the e2e server, as in production, against a local stand-in for Stripe (e2e/stripe-stand-in.mjs).
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  // One worker in CI: on the 2-core CI machine the browser, the server and a second worker fought for the cores, and
  // the whole run took longer (9.5 min with two workers, 6.4 min with one on 2026-11-26) with pages several times slower.
  workers: process.env.CI ? 1 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  // The longest scenarios (two accounts, a deck built through the UI, a second browser) take 25–32 s on a slow CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: process.env.E2E_TRACE === '0' ? 'off' : 'retain-on-failure',
    // The service worker (offline app) is tried by e2e/pwa.spec.ts; elsewhere every page comes from the server, as
    // on a first visit.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: /mobile\.spec/ },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec/ },
  ],
  webServer: [
    {
      command: 'node apps/web/e2e/stripe-stand-in.mjs',
      cwd: repoRoot,
      url: `${E2E_STRIPE.url}/__health`,
      timeout: 10_000,
      reuseExistingServer: false,
      env: { STRIPE_STAND_IN_PORT: String(E2E_STRIPE.port) },
    },
    {
      // The bundle `npm run build` writes (test:e2e builds first): what `npm start` serves.
      command: 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `http://localhost:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // Mail goes to DATA_DIR/mail (no SMTP_URL). TRUST_PROXY lets each test present its own client address
      // (X-Forwarded-For, set by the fixture), as distinct users behind a proxy would, so the per-address
      // sign-up limits apply per test rather than to the whole run.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        NODE_ENV: 'production',
        PUBLIC_URL: `http://localhost:${port}`,
        SMTP_URL: '',
        TRUST_PROXY: 'true',
        // A retried test signs up its admin again under the retry's own address (the first try's account may remain).
        ADMIN_EMAILS: 'admin-e2e@example.com,admin-prices-e2e@example.com,admin-rules-e2e@example.com,admin-e2e-retry1@example.com,admin-prices-e2e-retry1@example.com,admin-rules-e2e-retry1@example.com,admin-mobile-e2e@example.com,admin-mobile-e2e-retry1@example.com,admin-a11y-e2e@example.com,admin-a11y-e2e-retry1@example.com,admin-cls-e2e@example.com,admin-cls-e2e-retry1@example.com,admin-watch-e2e@example.com,admin-watch-e2e-retry1@example.com,admin-plans-e2e@example.com,admin-plans-e2e-retry1@example.com,admin-grant-binder-e2e@example.com,admin-grant-binder-e2e-retry1@example.com,admin-grant-deck-e2e@example.com,admin-grant-deck-e2e-retry1@example.com,admin-grant-family-e2e@example.com,admin-grant-family-e2e-retry1@example.com,admin-community-e2e@example.com,admin-community-e2e-retry1@example.com',
        // Every print gets flagged demonstration prices and a year of history (e2e/prices.spec.ts), with no live source.
        PRICE_DEMO: 'true',
        PRICE_SOURCES: '',
        STRIPE_SECRET_KEY: 'sk_test_e2e_grandline',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_PRICE_HOBBY_MONTH: 'price_hobby_month',
        STRIPE_PRICE_HOBBY_YEAR: 'price_hobby_year',
        STRIPE_PRICE_FAMILY_MONTH: 'price_family_month',
        STRIPE_PRICE_FAMILY_YEAR: 'price_family_year',
        STRIPE_API_URL: E2E_STRIPE.url,
      },
    },
  ],
});
