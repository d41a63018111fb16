import { isIP } from 'node:net';

/**
 * How many reverse proxies stand in front of the server (TRUST_PROXY): 0 or false = none, the socket's address is the
 * client's; `true` counts as 1.
 */
export const proxyHops = (trustProxy: boolean | number): number => (trustProxy === true ? 1 : Number(trustProxy) || 0);

/**
 * The client's address. With N trusted proxies in front, each appends to X-Forwarded-For the address it received the
 * request from, so the client is the N-th entry from the right; everything left of it came from the client and can be
 * forged. A chain shorter than N gives its left-most entry; a malformed entry, the socket's address.
 */
export function clientAddress(req: Request, env: unknown, trustProxy: boolean | number): string | undefined {
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  return forwardedClient(req.headers.get('x-forwarded-for'), proxyHops(trustProxy)) ?? socket;
}

/** The client's entry of an X-Forwarded-For value behind `hops` trusted proxies (see clientAddress), if well formed. */
export function forwardedClient(header: string | null | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const chain = header.split(',');
  const entry = chain[Math.max(0, chain.length - hops)]!.trim();
  return isIP(entry) ? entry : undefined;
}
