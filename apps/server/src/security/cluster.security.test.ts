/**
 * Every core on PostgreSQL (issue 20): WEB_CONCURRENCY server processes behind one port, and one process on the
 * embedded database whatever WEB_CONCURRENCY says. The PostgreSQL case runs in the PostgreSQL pass (DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workerCount } from '../cluster';
import { createScratchPgDatabase } from '../testing/test-app';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const clean of cleanups) await clean();
});

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Starts the server as `npm start` does (from source), its log lines collected. */
function startServer(env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, SEED_ON_START: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', SMTP_URL: '', JOBS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** The pids of the processes that logged "is listening". */
const listeningPids = (output: string) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.includes('Grand Line is listening'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

async function until(check: () => boolean, what: string, output: () => string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exited = (child: ChildProcess) => new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));

describe('server processes', () => {
  it('counts one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise, and one on the embedded database', () => {
    expect(workerCount({ postgres: true, webConcurrency: undefined, cores: 2 })).toBe(2);
    expect(workerCount({ postgres: true, webConcurrency: 3, cores: 2 })).toBe(3);
    expect(workerCount({ postgres: false, webConcurrency: 4, cores: 8 })).toBe(1);
  });

  it('runs one process on the embedded database even with WEB_CONCURRENCY=2', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-cluster-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = startServer({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: '2' });
    await until(() => listeningPids(server.output()).size === 1, 'the server listening', server.output);
    expect(server.output()).toContain('WEB_CONCURRENCY is ignored on the embedded database');
    expect([...listeningPids(server.output())]).toEqual([server.child.pid]);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  }, 120_000);

  it.runIf(Boolean(process.env.DATABASE_URL))('runs WEB_CONCURRENCY workers behind one port on PostgreSQL, and stops them all on SIGTERM', async () => {
    const scratch = await createScratchPgDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const port = await freePort();
    const server = startServer({ DATABASE_URL: scratch.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: '2' });
    await until(() => listeningPids(server.output()).size === 2, 'two workers listening', server.output);
    const pids = listeningPids(server.output());
    expect(pids.has(server.child.pid!)).toBe(false);
    // Both answer on the one port.
    for (let i = 0; i < 10; i++) expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } })).ok).toBe(true);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 150_000);
});
