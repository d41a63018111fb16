/**
 * A fresh database still seeds (issue 42): importing the catalogue announces its new prints with a domain event, and
 * an event without a registered handler throws. The two paths that seed outside buildApp — the server's start-up on an
 * empty embedded database (main.ts, SEED_ON_START) and `npm run db:seed` — register the handlers first, so both fill
 * the library. Spawned processes on a temporary DATA_DIR, as a deployment runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-seeding-'));
  dirs.push(dir);
  return dir;
};

/** A port the system gives, free now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

function spawnNode(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'info', JOBS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { text: '' };
  child.stdout!.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out, exited };
}

/** The library's size as the running server answers it, once it answers (or the process's output if it died). */
async function libraryTotal(port: number, spawned: ReturnType<typeof spawnNode>): Promise<number> {
  let exited = false;
  void spawned.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server stopped:\n${spawned.out.text.slice(-3000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/cards?pageSize=1`);
      if (res.ok) return ((await res.json()) as { total: number }).total;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('seeding a fresh database', () => {
  it('at the server start (SEED_ON_START) fills the library', async () => {
    const port = await freePort();
    const server = spawnNode('src/main.ts', { DATA_DIR: freshDir(), PORT: String(port), HOST: '127.0.0.1', SEED_ON_START: 'true', PUBLIC_URL: `http://127.0.0.1:${port}` });
    expect(await libraryTotal(port, server)).toBeGreaterThan(2_000);
    expect(server.out.text).toContain('card catalogue imported');
    expect(server.out.text).not.toContain('No handler for the domain event');
  }, 120_000);

  it('with npm run db:seed fills the library and exits 0', async () => {
    const seed = spawnNode('src/seed-cli.ts', { DATA_DIR: freshDir() });
    const code = await seed.exited;
    expect(code, seed.out.text.slice(-3000)).toBe(0);
    expect(seed.out.text).toMatch(/card catalogue imported: \d{4} read/);
  }, 120_000);
});
