import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

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
}: {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  port: number;
  hostname?: string;
  limits: HttpLimits;
  onListen?: (info: AddressInfo) => void;
}): Server {
  const server = serve(
    {
      fetch,
      port,
      hostname,
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
  return server;
}
