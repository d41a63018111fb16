import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching an address a user gave (an avatar's link) without letting it reach inside our network (SSRF): only http(s),
 * only hosts whose every resolved address is public — checked at connection time, so a name that resolves to a public
 * address for the check and a private one for the request gets nowhere — at most 3 redirects (each checked the same
 * way), a time-out for the whole exchange and a size cap on the body.
 */
/** IPv6's global unicast space (2000::/3): every other IPv6 address is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an IP address is one of the public internet's. The special-purpose ranges (loopback, private, link-local,
 * carrier-grade NAT, documentation, benchmarking, multicast, the IPv4 ranges written as IPv6, 6to4, Teredo…) are
 * ipaddr.js's list of the IANA registries, kept up to date by its maintainers: only its `unicast` is public. IPv6
 * must also be in the global unicast space, which leaves out everything unassigned, such as the old IPv4-compatible
 * ::/96 (`[::127.0.0.1]` reached the loopback when the list was written here by hand).
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

/** Loopback only (127.0.0.0/8, ::1): what tests may let through to a local stand-in, and nothing else private. */
const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

export class PublicFetchError extends Error {
  constructor(
    readonly reason: 'address' | 'status' | 'size' | 'timeout' | 'network' | 'redirects',
    message: string,
  ) {
    super(message);
  }
}

export interface PublicFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Tests only: let loopback addresses through (a local stand-in server); every other private address stays refused. */
  allowLoopback?: boolean;
  maxRedirects?: number;
  /** Who asks (default: the avatar fetcher). */
  userAgent?: string;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that answers only public addresses (all of them must be, or the connection is refused). */
const allowed = (address: string, allowLoopback: boolean) => isPublicAddress(address) || (allowLoopback && isLoopback(address));

function publicLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '');
      if (!addresses.length || addresses.some((a) => !allowed(a.address, allowLoopback))) {
        return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'EPUBLICONLY' }), '');
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function once(url: URL, options: Required<PublicFetchOptions>, signal: AbortSignal): Promise<{ status: number; location?: string; body?: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allowed(literal, options.allowLoopback)) {
      reject(new PublicFetchError('address', `${url.hostname} is not a public address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    // agent: false — a fresh connection each time, so every request goes through the address check (a pooled
    // connection would skip the lookup).
    const req = client.get(url, { agent: false, lookup: publicLookup(options.allowLoopback) as never, signal, headers: { Accept: 'image/*', 'User-Agent': options.userAgent } }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        resolve({ status, location: res.headers.location, contentType });
        return;
      }
      if (status !== 200) {
        res.resume();
        reject(new PublicFetchError('status', `answered ${status}`));
        return;
      }
      if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) {
        res.destroy();
        reject(new PublicFetchError('size', 'larger than allowed'));
        return;
      }
      const pieces: Buffer[] = [];
      let size = 0;
      res.on('data', (piece: Buffer) => {
        size += piece.length;
        if (size > options.maxBytes) {
          res.destroy();
          reject(new PublicFetchError('size', 'larger than allowed'));
          return;
        }
        pieces.push(piece);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(pieces), contentType }));
      res.on('error', (err) => reject(signal.aborted ? new PublicFetchError('timeout', 'timed out') : new PublicFetchError('network', err.message)));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (signal.aborted) reject(new PublicFetchError('timeout', 'timed out'));
      else if (err.code === 'EPUBLICONLY') reject(new PublicFetchError('address', err.message));
      else reject(new PublicFetchError('network', err.message));
    });
  });
}

/** The body of a public http(s) address, following at most `maxRedirects` redirects. Throws PublicFetchError. */
export async function fetchPublic(address: string, { timeoutMs, maxBytes, allowLoopback = false, maxRedirects = 3, userAgent = 'GrandLine-avatar/1' }: PublicFetchOptions): Promise<{ body: Buffer; contentType: string }> {
  const options = { timeoutMs, maxBytes, allowLoopback, maxRedirects, userAgent };
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PublicFetchError('address', `${url.protocol} is not fetched`);
    const answer = await once(url, options, signal);
    if (answer.body) return { body: answer.body, contentType: answer.contentType };
    url = new URL(answer.location!, url);
  }
  throw new PublicFetchError('redirects', 'too many redirects');
}
