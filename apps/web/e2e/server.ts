import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_STRIPE } from './stripe';

/**
 * The app's server for the browser tests: the bundle `npm run build` writes (what `npm start` serves), one per
 * Playwright worker on a data directory of its own, copied from a template the run makes once (e2e/global-setup.ts:
 * the library seeded, the root admin signed up). A worker's tests then never see another worker's writes, and no
 * server migrates or seeds the library again.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');

/** The port of worker `index`'s server (the template's server takes the base port itself, before any worker starts). */
export const basePort = () => Number(process.env.E2E_PORT ?? 3100);

/**
 * The one account that is an admin from the start (ADMIN_EMAILS), signed up in the template. Tests get admins of their
 * own through it (e2e/admin.ts); `AUTH_ADMIN` is the address e2e/auth.spec.ts signs up to see ADMIN_EMAILS at work.
 */
export const ROOT_ADMIN = 'root-e2e@example.com';
export const AUTH_ADMIN = 'admin-e2e@example.com';

function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://localhost:${port}`,
    // Mail goes to DATA_DIR/mail (e2e/mail.ts reads it).
    SMTP_URL: '',
    // Each test presents its own client address (X-Forwarded-For, set by the fixture), as distinct users behind a proxy
    // would, so the per-address sign-up limits apply per test rather than to the whole run.
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: `${ROOT_ADMIN},${AUTH_ADMIN}`,
    // Every print gets flagged demonstration prices and a year of history (e2e/prices.spec.ts), with no live source.
    PRICE_DEMO: 'true',
    PRICE_SOURCES: '',
    // Payments are on, as in production, against a local stand-in for Stripe (e2e/stripe-stand-in.mjs).
    STRIPE_SECRET_KEY: 'sk_test_e2e_grandline',
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
    STRIPE_PRICE_HOBBY_MONTH: 'price_hobby_month',
    STRIPE_PRICE_HOBBY_YEAR: 'price_hobby_year',
    STRIPE_PRICE_FAMILY_MONTH: 'price_family_month',
    STRIPE_PRICE_FAMILY_YEAR: 'price_family_year',
    STRIPE_API_URL: E2E_STRIPE.url,
  };
}

/**
 * This worker's server, as the worker fixture started it (e2e/fixtures.ts sets E2E_BASE_URL and E2E_DATA_DIR in the
 * worker's process): where helpers outside a test's fixtures send requests and read mail.
 */
export function workerServer(): { url: string; dataDir: string } {
  const url = process.env.E2E_BASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!url || !dataDir) throw new Error('No e2e server in this process: the fixtures of e2e/fixtures.ts start it');
  return { url, dataDir };
}

export interface E2eServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server on `dataDir` and waits until /api/health answers (its output is shown if it does not). */
export async function startServer({ port, dataDir }: { port: number; dataDir: string }): Promise<E2eServer> {
  if (!fs.existsSync(mainJs)) throw new Error(`${path.relative(repoRoot, mainJs)} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  const child = spawn(process.execPath, [mainJs], { cwd: repoRoot, env: serverEnv(port, dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://localhost:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 100))]);
    if (early !== 'running') throw new Error(`The e2e server on port ${port} exited (${early}) before answering:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((res) => res.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The e2e server on port ${port} did not answer /api/health within 60 s:\n${output}`);
    }
  }
  return { url, dataDir, stop: () => stopServer(child, exited) };
}

/** SIGTERM, as a deployment stops it: the server finishes, closes its database and exits (SIGKILL after 15 s). */
async function stopServer(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}
