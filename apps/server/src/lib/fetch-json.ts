import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reads JSON from an outside source (price feeds, exchange rates, tournaments): a time-out per attempt, retries with
 * back-off on network errors, time-outs, 429 and 5xx (never on another 4xx) — waiting what the source's Retry-After
 * asks when it says, up to a cap —, a size cap on the body (read as a stream and cut off at the cap, whatever
 * Content-Length says), and the caller's abort signal (the server stopping).
 */
export interface FetchJsonOptions {
  timeoutMs: number;
  /** Extra attempts after the first (default 2). */
  retries?: number;
  /** First back-off wait, doubled at each retry (default 1 s). */
  backoffMs?: number;
  /** Largest body accepted, in bytes (default 64 MB). */
  maxBytes?: number;
  /** Longest wait a 429's or 503's Retry-After may ask before the next attempt (default 5 minutes); a longer one fails the request. */
  maxRetryAfterMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A request that failed: its HTTP status when there was an answer, and whether another attempt may succeed. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
    /** What the source's Retry-After asked for, in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

const DEFAULT_MAX_RETRY_AFTER_MS = 5 * 60_000;

/** Retry-After as seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** The address without its query string, for messages (a token may travel in a query). */
const shown = (url: string) => url.split('?')[0];

async function readCapped(res: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new FetchError(`${shown(url)}: answer of ${declared} bytes is over the ${maxBytes}-byte limit`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError(`${shown(url)}: answer is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function attempt(url: string, options: FetchJsonOptions): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...options.headers }, signal, redirect: 'follow' });
  } catch (err) {
    if (options.signal?.aborted) throw new FetchError(`${shown(url)}: stopped`);
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    throw new FetchError(`${shown(url)}: ${reason}`, undefined, true);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    const wait = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers.get('retry-after')) : undefined;
    const cap = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    if (wait !== undefined && wait > cap) throw new FetchError(`${shown(url)}: HTTP ${res.status}, asked to wait ${Math.ceil(wait / 1000)} s (more than ${cap / 1000} s)`, res.status);
    throw new FetchError(`${shown(url)}: HTTP ${res.status}`, res.status, res.status === 429 || res.status >= 500, wait);
  }
  let text: string;
  try {
    text = await readCapped(res, options.maxBytes ?? DEFAULT_MAX_BYTES, url);
  } catch (err) {
    if (err instanceof FetchError) throw err;
    throw new FetchError(`${shown(url)}: ${timeout.aborted ? `no complete answer within ${options.timeoutMs} ms` : String(err)}`, undefined, !options.signal?.aborted);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FetchError(`${shown(url)}: the answer is not JSON`);
  }
}

export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const retries = options.retries ?? 2;
  const backoff = options.backoffMs ?? 1000;
  for (let i = 0; ; i++) {
    try {
      return await attempt(url, options);
    } catch (err) {
      if (!(err instanceof FetchError) || !err.retryable || i >= retries || options.signal?.aborted) throw err;
      // The source's own Retry-After wins over the back-off (a rate limit says when it lets requests through again).
      await sleep(err.retryAfterMs ?? backoff * 2 ** i, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}
