import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { forwardedClient, proxyHops } from './lib/client-address';
import { errorBody } from './lib/errors';

/** Answers a request straight from Node (true), or leaves it to the app (false) before reading any of it. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface HttpLimits {
  /** A client must have sent its request headers within this time. */
  headersTimeoutMs: number;
  /** …and its whole request. */
  requestTimeoutMs: number;
  /** Open connections accepted at most; the next ones are closed at once. */
  maxConnections: number;
  /**
   * Open connections (with no proxy trusted) or requests in progress (behind TRUST_PROXY, by the forwarded client
   * address) one client address may hold; more are answered 429 and closed. Unset: no per-address limit.
   */
  maxConnectionsPerIp?: number;
  /** A request body that stops arriving for this long is answered 408 and its connection closed. Unset: only requestTimeoutMs. */
  bodyIdleTimeoutMs?: number;
}

const TOO_MANY = JSON.stringify(errorBody('TOO_MANY_CONNECTIONS', 'Too many connections from your address — close some and try again'));
const BODY_STALLED = JSON.stringify(errorBody('REQUEST_TIMEOUT', 'The request body stopped arriving'));
/** The answer to a connection past its address's limit, written before Node reads anything from it. */
const TOO_MANY_RAW = `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_MANY)}\r\nConnection: close\r\n\r\n${TOO_MANY}`;

/** Counts per client address; an address leaves the map when its count is back to 0. */
class AddressCounts {
  private readonly counts = new Map<string, number>();
  constructor(private readonly limit: number) {}
  /** Takes one for `address` if it has fewer than the limit; returns the release (idempotent), or null. */
  take(address: string): (() => void) | null {
    const held = this.counts.get(address) ?? 0;
    if (held >= this.limit) return null;
    this.counts.set(address, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left <= 0) this.counts.delete(address);
      else this.counts.set(address, left);
    };
  }
}

/** The client's address of a Node request: with `hops` trusted proxies, the forwarded one (as clientAddress reads it). */
function forwardedAddress(req: IncomingMessage, hops: number): string {
  const header = req.headers['x-forwarded-for'];
  return forwardedClient(Array.isArray(header) ? header.join(',') : header, hops) ?? req.socket.remoteAddress ?? '';
}

/** Answers 408 and closes the connection when a request's body stops arriving for `ms` (reset by every byte). */
function watchBody(req: IncomingMessage, res: ServerResponse, ms: number) {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.complete) return;
  const socket = req.socket;
  const done = () => socket.setTimeout(0);
  req.setTimeout(ms, () => {
    if (req.complete) return;
    if (!res.headersSent) res.writeHead(408, { 'Content-Type': 'application/json', Connection: 'close' }).end(BODY_STALLED);
    socket.destroySoon();
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
  req.once('end', done);
  res.once('finish', done);
}

/**
 * Serves `fetch` over HTTP with limits against slow and numerous clients: a connection that has not sent its headers
 * within headersTimeoutMs, or its request within requestTimeoutMs, is answered 408 and closed (Node checks every
 * connection at a fraction of the header time-out), a body that stops arriving for bodyIdleTimeoutMs is answered 408,
 * idle keep-alive connections close after 5 s, connections past maxConnections are dropped and one address may hold
 * at most maxConnectionsPerIp, so slow or numerous clients cannot use up the process's file descriptors or shut others out.
 */
export function startHttpServer({
  fetch,
  port,
  hostname,
  limits,
  onListen,
  leanPaths = [],
  trustProxy = 0,
}: {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  port: number;
  hostname?: string;
  limits: HttpLimits;
  onListen?: (info: AddressInfo) => void;
  /** Routes answered before the app is involved (e.g. validateLeanPath), tried in order. */
  leanPaths?: NodeHandler[];
  /** TRUST_PROXY: with proxies in front, the per-address limit counts requests by the forwarded client address. */
  trustProxy?: boolean | number;
}): Server {
  const hops = proxyHops(trustProxy);
  const perAddress = limits.maxConnectionsPerIp ? new AddressCounts(limits.maxConnectionsPerIp) : null;
  const server = serve(
    {
      fetch,
      port,
      hostname,
      createServer: ((options: object, appListener: (req: IncomingMessage, res: ServerResponse) => void) =>
        createServer(options, (req, res) => {
          if (perAddress && hops > 0) {
            const release = perAddress.take(forwardedAddress(req, hops));
            if (!release) {
              res.writeHead(429, { 'Content-Type': 'application/json', Connection: 'close' }).end(TOO_MANY);
              return;
            }
            res.once('close', release);
          }
          if (limits.bodyIdleTimeoutMs) watchBody(req, res, limits.bodyIdleTimeoutMs);
          for (const lean of leanPaths) if (lean(req, res)) return;
          appListener(req, res);
        })) as unknown as typeof createServer,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
        keepAliveTimeout: 5_000,
        connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
      },
    },
    onListen,
  ) as Server;
  server.maxConnections = limits.maxConnections;
  // The open connections, for closeHttpServer (Node lists none: its closeIdleConnections leaves a connection that has
  // not sent a request yet, e.g. a browser's pre-connect, to the headers time-out).
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // With no proxy trusted, the socket's address is the client's: its open connections are counted before Node reads
  // a byte of them (10,000 half-sent bodies from one address once filled maxConnections for everyone).
  if (perAddress && hops === 0) {
    server.prependListener('connection', (socket: Socket) => {
      const release = perAddress.take(socket.remoteAddress ?? '');
      if (release) {
        socket.once('close', release);
        return;
      }
      socket.end(TOO_MANY_RAW);
      setTimeout(() => socket.destroy(), 1_000).unref();
    });
  }
  openSockets.set(server, sockets);
  return server;
}

const openSockets = new WeakMap<Server, Set<Socket>>();

/** Closes every connection without a request in progress: idle keep-alive ones, and ones that have sent nothing yet. */
function closeUnusedConnections(server: Server) {
  server.closeIdleConnections();
  for (const socket of openSockets.get(server) ?? []) {
    // The response being written on the socket (Node's own closeIdleConnections reads the same field).
    const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!current || current.writableFinished) socket.destroy();
  }
}

/**
 * Stops an HTTP server quickly: no new connections; idle keep-alive connections are closed at once (and any that
 * turn idle later, every 100 ms); requests in flight get up to graceMs to finish, then every connection still open
 * is closed. Long-lived responses (server-sent events) do not wait for that: they end their streams when the app's
 * `closing` signal (AppDeps) aborts, which the caller does first.
 * Resolves with the number of connections cut at the end of the grace time.
 */
export async function closeHttpServer(server: Server, { graceMs }: { graceMs: number }): Promise<{ cut: number }> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  closeUnusedConnections(server);
  const sweep = setInterval(() => closeUnusedConnections(server), 100);
  let cut = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      server.getConnections((err, count) => {
        cut = err ? 0 : count;
        server.closeAllConnections();
        resolve();
      });
    }, graceMs);
  });
  try {
    // After the cut, sockets the server does not track (none today: no upgrades) would keep close() waiting.
    await Promise.race([closed, deadline.then(() => Promise.race([closed, new Promise((r) => setTimeout(r, 1_000).unref())]))]);
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
  return { cut };
}
