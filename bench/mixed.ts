/**
 * Issue 20: a mixed signed-in load on PostgreSQL — one user's session cycling through what the app asks on its pages
 * (me, a library page, binders, a binder, decks, the portfolio, a row PATCH) over 16 connections — against the built
 * server on a scratch database of DATABASE_URL, with its default worker count (one per core). Loopback only, bounded
 * in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchPgDatabase } from '../apps/server/src/testing/scratch-pg';
import { signedInUser } from './binders';

const CONNECTIONS = 16;
const SECONDS = 10;
const PORT = 3931;

const mixedTarget = 'p99 ≤ 50 ms at 16 connections (PostgreSQL)';

export interface MixedResult {
  connections: number;
  seconds: number;
  workers: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let waited = 0; waited < 120_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** A built server (apps/server/dist/main.js under `serverRoot`) on its own port and data directory, started and healthy. */
export async function startBenchServer({ serverRoot, port, env }: { serverRoot: string; port: number; env: Record<string, string> }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-bench-server-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: serverRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: base, JOBS: 'off', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, dataDir, child, stop };
}

/**
 * What a signed-in user's pages ask, as autocannon requests: a confirmed user with a Personal binder of 40 cards, then
 * me, a library page, binders, the binder, decks, the portfolio and a quantity PATCH of one row.
 */
export async function signedInRequests(base: string, dataDir: string) {
  const cookie = await signedInUser(base, dataDir);
  const write = { cookie, origin: base, 'content-type': 'application/json' };
  const binder = (await (await fetch(`${base}/api/binders`, { method: 'POST', headers: write, body: JSON.stringify({ name: 'Mixed', category: 'personal' }) })).json()) as { id: string };
  const cards = (await (await fetch(`${base}/api/cards?set=op-01&variations=false&pageSize=40`)).json()) as { items: { id: number }[] };
  const added = await fetch(`${base}/api/binders/${binder.id}/cards`, { method: 'POST', headers: write, body: JSON.stringify({ cards: cards.items.map((c) => ({ cardId: c.id, quantity: 2 })) }) });
  if (!added.ok) throw new Error(`adding cards: ${added.status} ${await added.text()}`);
  const rows = (await (await fetch(`${base}/api/binders/${binder.id}/cards?page=1&pageSize=5`, { headers: { cookie } })).json()) as { items: { id: number }[] };
  const rowId = rows.items[0]!.id;
  const requests: (autocannon.Request & { name: string })[] = [
    { name: 'GET /api/me', method: 'GET', path: '/api/me' },
    { name: 'GET /api/cards (library page)', method: 'GET', path: '/api/cards?page=2&pageSize=48' },
    { name: 'GET /api/binders', method: 'GET', path: '/api/binders' },
    { name: 'GET /api/binders/{id}', method: 'GET', path: `/api/binders/${binder.id}` },
    { name: 'GET /api/decks', method: 'GET', path: '/api/decks' },
    { name: 'GET /api/collection/portfolio', method: 'GET', path: '/api/collection/portfolio' },
    {
      name: 'PATCH /api/binders/{id}/cards/{rowId}',
      method: 'PATCH',
      path: `/api/binders/${binder.id}/cards/${rowId}`,
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ quantity: 3 }),
    },
  ];
  return { cookie, requests };
}

export async function mixedBenchmark({ root, databaseUrl, log }: { root: string; databaseUrl: string; log: (msg: string) => void }): Promise<MixedResult> {
  const scratch = await createScratchPgDatabase(databaseUrl);
  try {
    const server = await startBenchServer({ serverRoot: root, port: PORT, env: { DATABASE_URL: scratch.url } });
    try {
      const { cookie, requests } = await signedInRequests(server.base, server.dataDir);
      const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
      // Warm-up (JIT, caches), not reported.
      await autocannon({ url: server.base, connections: CONNECTIONS, duration: 3, headers, requests });
      const result = await autocannon({ url: server.base, connections: CONNECTIONS, duration: SECONDS, headers, requests });
      const r: MixedResult = {
        connections: CONNECTIONS,
        seconds: SECONDS,
        workers: process.env.WEB_CONCURRENCY ?? `one per core (${os.availableParallelism()})`,
        requestsPerSec: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      log(`mixed signed-in load on PostgreSQL: ${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}`);
      return r;
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

export function mixedFigures(m: MixedResult) {
  return [
    {
      figure: `mixed signed-in load (me, library page, binders, binder, decks, portfolio, row PATCH) on PostgreSQL, ${m.workers} workers`,
      value: `${m.requestsPerSec} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`,
      target: mixedTarget,
      pass: m.p99Ms <= 50 && m.non2xx === 0 && m.errors === 0,
    },
  ];
}
