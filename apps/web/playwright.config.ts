import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './e2e/browser';
import { E2E_STRIPE } from './e2e/stripe';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  // The seeded data directory each worker's server copies (e2e/global-setup.ts, e2e/server.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // One worker per core (at most 8), each with its own server (e2e/fixtures.ts). E2E_WORKERS overrides (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? Math.min(os.availableParallelism(), 8)),
  // Never retried: a test that fails once in several runs is a defect in the test or the product (docs/testing.md).
  retries: 0,
  forbidOnly: true,
  // The list as it runs; the JSON report (E2E_JSON_REPORT) feeds CI's slowest-files table (.ci/slowest.mjs).
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  // The longest scenarios (two accounts, a deck built through the UI, a second browser) take 25–32 s on a slow CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // baseURL is this worker's server (e2e/fixtures.ts).
    // A trace of every test costs the browser a third of the run's CPU (screencast, snapshots), and CI keeps no
    // files: CI records none (a failure still prints its error and the page's aria snapshot).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
  // The Stripe stand-in serves every worker's server (its ids are unique across them).
  webServer: {
    command: 'node apps/web/e2e/stripe-stand-in.mjs',
    cwd: repoRoot,
    url: `${E2E_STRIPE.url}/__health`,
    timeout: 10_000,
    reuseExistingServer: false,
    env: { STRIPE_STAND_IN_PORT: String(E2E_STRIPE.port) },
  },
});
