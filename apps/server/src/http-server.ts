import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';

/** Answers a request straight from Node (true), or leaves it to the app (false) before reading any of it. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface HttpLimits {
  /** A client must have sent its request headers within this time. */
  headersTimeoutMs: number;
  /** …and its whole request. */
  requestTimeoutMs: number;
  /** Open connections accepted at most; the next ones are closed at once. */
  maxConnections: number;
}

/**
 * Serves `fetch` over HTTP with limits against slow and numerous clients: a connection that has not sent its headers
 * within headersTimeoutMs, or its request within requestTimeoutMs, is answered 408 and closed (Node checks every
 * connection at a fraction of the header time-out), idle keep-alive connections close after 5 s, and connections past
 * maxConnections are dropped, so slow clients cannot use up the process's file descriptors.
 */
export function startHttpServer({
  fetch,
  port,
  hostname,
  limits,
  onListen,
  leanPaths = [],
}: {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  port: number;
  hostname?: string;
  limits: HttpLimits;
  onListen?: (info: AddressInfo) => void;
  /** Routes answered before the app is involved (e.g. validateLeanPath), tried in order. */
  leanPaths?: NodeHandler[];
}): Server {
  const server = serve(
    {
      fetch,
      port,
      hostname,
      ...(leanPaths.length > 0
        ? {
            createServer: ((options: object, appListener: (req: IncomingMessage, res: ServerResponse) => void) =>
              createServer(options, (req, res) => {
                for (const lean of leanPaths) if (lean(req, res)) return;
                appListener(req, res);
              })) as unknown as typeof createServer,
          }
        : {}),
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
