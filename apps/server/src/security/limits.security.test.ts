/**
 * Resource limits: request bodies, hostile imports, slow clients, connection count, forged forwarding chains.
 * Each one is answered with a clear error while the server stays responsive for everyone else.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BinderDetail } from '@grandline/core/contracts/binders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startHttpServer } from '../http-server';
import { clientAddress } from '../lib/client-address';
import { createAuthTestApp, grantPlan, postJson, signUpVerified, testLog, TEST_PUBLIC_URL } from '../testing/test-app';

const PASSWORD = 'Tide-Pool-Lantern-42';
const MB = 1024 * 1024;

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;
let binderId: string;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  cookie = await signUpVerified(ctx, 'limits@example.com', PASSWORD);
  // The 10,000-copy import below is past Free's 2,500 cards per binder: this suite is about sizes, not plans.
  await grantPlan(ctx, 'limits@example.com', 'hobby');
  const accepted = await ctx.app.request(
    '/api/me/accept-terms',
    postJson({ username: 'limits_user', countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }),
  );
  expect(accepted.status).toBe(200);
  const created = await ctx.app.request('/api/binders', postJson({ name: 'Limits', category: 'personal' }, { Cookie: cookie }));
  expect(created.status).toBe(201);
  binderId = ((await created.json()) as BinderDetail).id;
}, 120_000);
afterAll(async () => {
  await ctx.database.close();
});

/** A body that sends `bytes` and then never ends: only a limit that counts while reading can answer it. */
function endlessBody(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return new Promise<void>(() => undefined);
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 PAYLOAD_TOO_LARGE, signed out, before reading it (validate, sign-in)', async () => {
    const big = JSON.stringify({ format: 'standard', list: 'x'.repeat(2 * MB) });
    for (const path of ['/api/decks/validate', '/api/auth/sign-in/email']) {
      const res = await ctx.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL }, body: big });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB' } });
    }
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const answer = ctx.app.request('/api/decks/validate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: endlessBody(2 * MB),
      duplex: 'half',
    } as RequestInit);
    const res = await Promise.race([answer, sleep(10_000, 'hung' as const, { ref: false })]);
    expect(res).not.toBe('hung');
    expect((res as Response).status).toBe(413);
  });

  it('gives uploads their own limit (FILE_TOO_LARGE), configurable', async () => {
    const small = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, maxUploadBytes: 64 * 1024 });
    const file = `quantity,number\n${'1,OP01-001\n'.repeat(10_000)}`;
    const res = await small.request(`/api/binders/${binderId}/import`, { method: 'POST', body: file, headers: { Cookie: cookie, 'Content-Type': 'text/csv', Origin: TEST_PUBLIC_URL } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'FILE_TOO_LARGE', message: 'The file is larger than 0.1 MB' } });
    // The default allows it (110 KB), and a JSON body of the same size is still refused at 1 MB only.
    const ok = await ctx.app.request(`/api/binders/${binderId}/import`, { method: 'POST', body: file, headers: { Cookie: cookie, 'Content-Type': 'text/csv', Origin: TEST_PUBLIC_URL } });
    expect(ok.status).toBe(200);
  });
});

// Slow clients and hostile 10 MB uploads are tested against the real server process: process.security.test.ts.
/** The app on a real HTTP server with the given limits, on a free loopback port. */
const listen = async (limits: Partial<Parameters<typeof startHttpServer>[0]['limits']>, trustProxy = 0) => {
  const server = startHttpServer({
    fetch: ctx.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxConnections: 1000, ...limits },
    trustProxy,
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
};

describe('numerous clients', () => {
  it('drops connections past the cap, and serves again once they are gone', async () => {
    const { server, port } = await listen({ maxConnections: 20, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000 });
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 500));
      const open = sockets.filter((s) => !s.destroyed && !s.closed).length;
      expect(open).toBe(20);
      // Once the held connections go, the server answers again.
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, 200));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

/** A connection from `localAddress` (any of 127/8 on loopback) that sends a request's headers and half its body. */
async function halfSentBody(port: number, localAddress = '127.0.0.1', headers = '') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  socket.write(`POST /api/decks/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}Content-Length: 100\r\n\r\n{"format"`);
  return { socket, answer: () => answer };
}

/** GET /api/health from `localAddress`, optionally through a claimed X-Forwarded-For. */
async function healthFrom(port: number, localAddress: string, xff?: string): Promise<number> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', localAddress, path: '/api/health', agent: false, headers: xff ? { 'X-Forwarded-For': xff } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('one client address cannot take every connection (MAX_CONNECTIONS_PER_IP)', () => {
  it('answers 429 past the per-address limit while another address is served, and frees the slots when they close', async () => {
    const { server, port } = await listen({ maxConnections: 50, maxConnectionsPerIp: 8, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000 });
    const held: net.Socket[] = [];
    try {
      const clients = await Promise.all(Array.from({ length: 20 }, () => halfSentBody(port, '127.0.0.1')));
      held.push(...clients.map((c) => c.socket));
      await sleep(300);
      const open = clients.filter((c) => !c.socket.destroyed && !c.socket.readableEnded);
      expect(open).toHaveLength(8);
      const refused = clients.filter((c) => c.answer().startsWith('HTTP/1.1 429'));
      expect(refused).toHaveLength(12);
      expect(refused[0]!.answer()).toContain('TOO_MANY_CONNECTIONS');
      // Another address is served at once; the full one is refused.
      expect(await healthFrom(port, '127.0.0.2')).toBe(200);
      await expect(healthFrom(port, '127.0.0.1')).resolves.toBe(429);
      for (const s of held) s.destroy();
      await sleep(200);
      expect(await healthFrom(port, '127.0.0.1')).toBe(200);
    } finally {
      for (const s of held) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('behind TRUST_PROXY counts requests in progress per forwarded client address, not the proxy\'s connections', async () => {
    const { server, port } = await listen({ maxConnections: 50, maxConnectionsPerIp: 4, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000 }, 1);
    const held: net.Socket[] = [];
    try {
      // Six stalled requests of one client, all through the proxy's address.
      const clients = await Promise.all(Array.from({ length: 6 }, () => halfSentBody(port, '127.0.0.1', 'X-Forwarded-For: 203.0.113.7\r\n')));
      held.push(...clients.map((c) => c.socket));
      await sleep(300);
      expect(clients.filter((c) => c.answer().startsWith('HTTP/1.1 429'))).toHaveLength(2);
      // The same proxy connection address serves other clients; the full one waits for its requests to end.
      expect(await healthFrom(port, '127.0.0.1', '198.51.100.9')).toBe(200);
      expect(await healthFrom(port, '127.0.0.1', '203.0.113.7')).toBe(429);
    } finally {
      for (const s of held) s.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('answers 408 to a body that stops arriving (BODY_IDLE_TIMEOUT_MS), long before the request time-out', async () => {
    const { server, port } = await listen({ bodyIdleTimeoutMs: 600, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    try {
      const t0 = performance.now();
      const client = await halfSentBody(port);
      await new Promise((r) => client.socket.once('close', r));
      const ms = performance.now() - t0;
      expect(client.answer()).toMatch(/^HTTP\/1\.1 408/);
      expect(client.answer()).toContain('REQUEST_TIMEOUT');
      expect(ms).toBeGreaterThanOrEqual(550);
      expect(ms).toBeLessThan(5_000);
      // A body that keeps arriving, slowly, is not cut: each byte resets the clock.
      const slow = await halfSentBody(port);
      for (let i = 0; i < 4; i++) {
        await sleep(300);
        slow.socket.write(' ');
      }
      expect(slow.socket.destroyed).toBe(false);
      slow.socket.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('forwarded client addresses (TRUST_PROXY as a hop count)', () => {
  const req = (xff?: string) => new Request('http://localhost/', { headers: xff ? { 'X-Forwarded-For': xff } : {} });
  const socket = { incoming: { socket: { remoteAddress: '10.0.0.2' } } };

  it('takes the address the trusted proxies added, counted from the right, never a forged left part', () => {
    expect(clientAddress(req('1.2.3.4, 203.0.113.7'), socket, 1)).toBe('203.0.113.7');
    expect(clientAddress(req('1.2.3.4, 5.6.7.8, 203.0.113.7, 10.0.0.9'), socket, 2)).toBe('203.0.113.7');
    expect(clientAddress(req('203.0.113.7'), socket, true)).toBe('203.0.113.7');
    // No proxy trusted: the header is ignored.
    expect(clientAddress(req('1.2.3.4, 203.0.113.7'), socket, 0)).toBe('10.0.0.2');
    expect(clientAddress(req('1.2.3.4'), socket, false)).toBe('10.0.0.2');
    // A shorter chain than the hop count: its left-most entry; garbage: the socket.
    expect(clientAddress(req('203.0.113.7'), socket, 3)).toBe('203.0.113.7');
    expect(clientAddress(req('1.2.3.4, not-an-ip'), socket, 1)).toBe('10.0.0.2');
    expect(clientAddress(req(), socket, 1)).toBe('10.0.0.2');
  });

  it('keeps the sign-in rate limit per real client however the left part of the chain is forged', async () => {
    const limited = await createAuthTestApp({ rateLimit: true, trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await limited.app.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, 'X-Forwarded-For': `198.51.100.${i + 1}, 203.0.113.50` },
          body: JSON.stringify({ email: `forger${i}@example.com`, password: PASSWORD }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.database.close();
    }
  });
});
