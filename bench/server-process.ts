/** The built server the bench measures: built, started on a data directory, stopped. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoPricesServed } from './api-scenarios';
import { BENCH_ADMIN_EMAIL, signedInUser } from './binders';
import { base, log, port, root } from './bench-env';

/** The server bundle `npm start` runs (apps/server/dist/main.js), written from the current sources. */
export function buildServer() {
  execFileSync('npm', ['run', 'build', '-w', '@grandline/server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The web app and the server bundle (`npm run build`). */
export function buildAll() {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The built server on `dataDir` at the bench's port; `env` adds settings (e.g. a card image origin). */
export function startServer(dataDir: string, env: Record<string, string> = {}): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    // PUBLIC_URL: the address the bench talks to, so e-mail links and the trusted Origin of writes match it.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production', PUBLIC_URL: base, ADMIN_EMAILS: BENCH_ADMIN_EMAIL, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return { child, ready };
}

export function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** A built server on a fresh embedded database for one BENCH_ONLY part; it is stopped and its data removed after. */
export async function withFreshServer(run: (dataDir: string, pid: number | undefined) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-bench-'));
  const server = startServer(dataDir);
  log(`server up in ${Math.round(await server.ready)} ms`);
  try {
    await run(dataDir, server.child.pid);
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A part whose data is written straight into the embedded database: the server starts once on a fresh data
 * directory (migrations, the real library, demo prices) and a user signs up through it; it stops while `write` fills
 * the data directory (no server may hold it); it starts again for `measure`, given that user's session cookie. The
 * server is stopped and the data removed after.
 */
export async function withWrittenData<W, R>(
  name: string,
  write: (dataDir: string, email: string) => Promise<W>,
  measure: (cookie: string, written: W) => Promise<R>,
): Promise<R> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `grandline-bench-${name}-`));
  const email = `bench-${name}-${process.pid}@example.com`;
  try {
    let server = startServer(dataDir);
    await server.ready;
    await demoPricesServed();
    const cookie = await signedInUser(base, dataDir, email);
    await stopServer(server.child);
    const written = await write(dataDir, email);
    server = startServer(dataDir);
    await server.ready;
    try {
      return await measure(cookie, written);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
