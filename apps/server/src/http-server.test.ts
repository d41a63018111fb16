/**
 * Stopping the real server process promptly (issue 13): idle keep-alive connections are closed at once, streams end on
 * the app's closing signal, requests in flight get a bounded grace time, and the process exits well before the 10 s
 * forced exit. Spawned processes, since Node's connection timers do not run inside vitest workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A free port in 4100–4199 (the range these tests may use). */
async function freePort(): Promise<number> {
  for (let port = 4100 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++, port = 4100 + ((port - 4100 + 1) % 100)) {
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((r) => probe.close(r));
      return port;
    }
  }
  throw new Error('no free port in 4100–4199');
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const out = { text: '' };
  child.stdout!.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
  return { child, out, exited };
}

async function waitFor(url: string, out: { text: string }) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${out.text.slice(-2000)}`);
}

/** A raw connection that records what it receives and when it closes. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  const state = { data: '', closedAt: 0 };
  socket.on('data', (d) => (state.data += d.toString()));
  socket.once('close', () => (state.closedAt = performance.now()));
  return { socket, state };
}

const waitUntil = async (check: () => boolean, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('shutdown of the real server (main.ts)', () => {
  let main: ReturnType<typeof spawnNode> & { port: number; dataDir: string };
  // Started in a hook: a first start on a fresh embedded database takes a while on a busy machine.
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-shutdown-'));
    const port = await freePort();
    const spawned = spawnNode(['src/main.ts'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JOBS: 'on',
    });
    main = { ...spawned, port, dataDir };
    await waitFor(`http://127.0.0.1:${port}/api/health`, spawned.out);
  });
  afterAll(() => {
    if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
    fs.rmSync(main.dataDir, { recursive: true, force: true });
  });

  it('closes idle keep-alive connections at once, cuts a stalled request after the grace time, exits 0 well under 10 s', async () => {
    const { child, out, exited, port } = main;
    expect(out.text).toContain('jobs scheduled');

    // 1. A keep-alive connection that has had its answer and now sits idle (browsers keep these for minutes).
    const idle = await connect(port);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    await waitUntil(() => idle.state.data.includes('"status"'), 'the health answer');
    // 2. A connection that has sent nothing yet.
    const silent = await connect(port);
    // 3. A request still in flight: its body stalls half-way (REQUEST_TIMEOUT_MS would allow it two minutes).
    const stalled = await connect(port);
    stalled.socket.write(
      `POST /api/decks/validate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"format":"standard",`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect([idle, silent, stalled].every((c) => c.state.closedAt === 0)).toBe(true);

    const t0 = performance.now();
    child.kill('SIGTERM');
    await waitUntil(() => idle.state.closedAt > 0 && silent.state.closedAt > 0, 'the idle connections to close');
    // Generous bounds: at once means well within the 5 s grace time.
    expect(idle.state.closedAt - t0).toBeLessThan(2_500);
    expect(silent.state.closedAt - t0).toBeLessThan(2_500);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - t0).toBeLessThan(9_000);
    expect(stalled.state.closedAt).toBeGreaterThan(0);
    expect(out.text).toContain('connections cut after 5 s');
    expect(out.text).toContain('"msg":"stopped"');
    expect(out.text).not.toContain('forced exit');
  });
});

/**
 * The same shutdown steps main.ts takes (closing signal, then closeHttpServer), on an app with the two kinds of
 * long response: a server-sent-events stream that ends on the closing signal, and one that ignores it.
 */
const STREAM_SERVER = `
import { Hono } from 'hono';
import { closeHttpServer, startHttpServer } from './src/http-server.ts';
const closing = new AbortController();
const text = (s) => new TextEncoder().encode(s);
const app = new Hono();
app.get('/events', () => new Response(new ReadableStream({
  start(controller) {
    controller.enqueue(text('data: hello\\n\\n'));
    closing.signal.addEventListener('abort', () => { controller.enqueue(text('event: closing\\n\\n')); controller.close(); });
  },
}), { headers: { 'content-type': 'text/event-stream' } }));
app.get('/endless', () => new Response(new ReadableStream({
  start(controller) { controller.enqueue(text('data: first\\n\\n')); },
}), { headers: { 'content-type': 'text/event-stream' } }));
const server = startHttpServer({
  fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1',
  limits: { headersTimeoutMs: 20000, requestTimeoutMs: 120000, maxConnections: 100 },
  onListen: () => console.log('listening'),
});
process.on('SIGTERM', async () => {
  const t0 = performance.now();
  closing.abort();
  const result = await closeHttpServer(server, { graceMs: Number(process.env.GRACE_MS) });
  console.log(JSON.stringify({ ...result, ms: Math.round(performance.now() - t0) }));
  process.exit(0);
});
`;

describe('closeHttpServer with open streams', () => {
  const start = async (graceMs: number) => {
    const port = await freePort();
    const server = spawnNode(['--input-type=module', '-e', STREAM_SERVER], { PORT: String(port), GRACE_MS: String(graceMs) });
    await waitUntil(() => server.out.text.includes('listening'), 'the stream server', 60_000);
    return { port, ...server };
  };
  const openStream = async (port: number, path: string) => {
    const c = await connect(port);
    c.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    await waitUntil(() => c.state.data.includes('data: '), `the first event of ${path}`);
    return c;
  };

  it('ends a stream that follows the closing signal at once, with an idle keep-alive connection open too', async () => {
    const { port, child, out, exited } = await start(20_000);
    const stream = await openStream(port, '/events');
    const idle = await connect(port);
    idle.socket.write('GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await waitUntil(() => idle.state.data.includes('404'), 'the 404');
    const t0 = performance.now();
    child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(0);
    // The grace time is 20 s: nothing waited for it.
    expect(at - t0).toBeLessThan(5_000);
    expect(stream.state.data).toContain('event: closing');
    expect(JSON.parse(out.text.trim().split('\n').at(-1)!)).toMatchObject({ cut: 0 });
    await waitUntil(() => stream.state.closedAt > 0 && idle.state.closedAt > 0, 'both connections to close');
  });

  it('cuts a stream that ignores the closing signal when the grace time ends', async () => {
    const { port, child, out, exited } = await start(1_000);
    const stream = await openStream(port, '/endless');
    const t0 = performance.now();
    child.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - t0).toBeGreaterThanOrEqual(900);
    expect(at - t0).toBeLessThan(6_000);
    expect(JSON.parse(out.text.trim().split('\n').at(-1)!)).toMatchObject({ cut: 1 });
    await waitUntil(() => stream.state.closedAt > 0, 'the stream to close');
  });
});
