import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reads JSON from an outside source (price feeds, exchange rates): a time-out per attempt, retries with back-off on
 * network errors, time-outs, 429 and 5xx (never on another 4xx), a size cap on the body (read as a stream and cut off
 * at the cap, whatever Content-Length says), and the caller's abort signal (the server stopping).
 */
export interface FetchJsonOptions {
  timeoutMs: number;
  /** Extra attempts after the first (default 2). */
  retries?: number;
  /** First back-off wait, doubled at each retry (default 1 s). */
  backoffMs?: number;
  /** Largest body accepted, in bytes (default 64 MB). */
  maxBytes?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

class FetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'FetchError';
  }
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
    throw new FetchError(`${shown(url)}: HTTP ${res.status}`, res.status, res.status === 429 || res.status >= 500);
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
      await sleep(backoff * 2 ** i, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}
