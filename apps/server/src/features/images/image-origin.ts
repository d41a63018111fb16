import { setTimeout as sleep } from 'node:timers/promises';

/** A card's original could not be had; `retryable`: a network error, a time-out or a 5xx, worth another try. */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** How long the origin is left alone after it could not be reached. */
const ORIGIN_PAUSE_MS = 30_000;

/** Where card originals are fetched from, and how (CardImagesConfig's fields of the same names). */
export interface ImageOriginConfig {
  originBaseUrl: string;
  knownHosts: readonly string[];
  timeoutMs: number;
  maxOriginalBytes: number;
  retries?: number;
}

/**
 * The publisher's image host as card images ask it: only the path of a catalogue address on a known host is asked,
 * on the configured base; an answer must be an image within the size limit; a network error, a time-out or a 5xx is
 * tried again, and after the last try the origin is left alone for ORIGIN_PAUSE_MS.
 */
export function createImageOrigin({ originBaseUrl, knownHosts: hosts, timeoutMs, maxOriginalBytes, retries = 1 }: ImageOriginConfig) {
  const knownHosts = new Set(hosts.map((h) => h.toLowerCase()));
  const origin = new URL(originBaseUrl);

  /** The address asked of the origin for a catalogue address: its path on the configured base; null if not ours. */
  function originUrl(artworkUrl: string): URL | null {
    let url: URL;
    try {
      url = new URL(artworkUrl);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' || !knownHosts.has(url.hostname.toLowerCase())) return null;
    return new URL(url.pathname, origin);
  }

  async function fetchOnce(url: URL): Promise<Buffer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { signal: timeout, redirect: 'error', headers: { Accept: 'image/png,image/*' } });
    } catch (err) {
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new ImageFetchError(`${url.pathname}: ${reason}`, true);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ImageFetchError(`${url.pathname}: HTTP ${res.status}`, res.status === 429 || res.status >= 500);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('image/')) {
      await res.body?.cancel().catch(() => undefined);
      throw new ImageFetchError(`${url.pathname}: answer is ${type || 'untyped'}, not an image`, false);
    }
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxOriginalBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new ImageFetchError(`${url.pathname}: ${declared} bytes, over the ${maxOriginalBytes}-byte limit`, false);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body ?? []) {
        size += chunk.byteLength;
        if (size > maxOriginalBytes) throw new ImageFetchError(`${url.pathname}: over the ${maxOriginalBytes}-byte limit`, false);
        chunks.push(chunk);
      }
    } catch (err) {
      await res.body?.cancel().catch(() => undefined);
      if (err instanceof ImageFetchError) throw err;
      throw new ImageFetchError(`${url.pathname}: ${timeout.aborted ? `no complete answer within ${timeoutMs} ms` : String(err)}`, true);
    }
    return Buffer.concat(chunks);
  }

  /** Until when the origin is not asked at all, after it could not be reached (an offline machine, an outage). */
  let originDownUntil = 0;

  async function fetchOriginal(url: URL): Promise<Buffer> {
    if (Date.now() < originDownUntil) throw new ImageFetchError(`${url.pathname}: the image origin was unreachable moments ago`, false);
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchOnce(url);
      } catch (err) {
        if (!(err instanceof ImageFetchError) || !err.retryable) throw err;
        if (attempt >= retries) {
          originDownUntil = Date.now() + ORIGIN_PAUSE_MS;
          throw err;
        }
        await sleep(250 * 2 ** attempt);
      }
    }
  }

  return { originUrl, fetchOriginal };
}
