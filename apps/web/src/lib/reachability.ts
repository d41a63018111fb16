// Whether our server answers (lib/online.ts reads it for the screens; lib/api-client.ts writes it).

/**
 * The header the service worker adds to an answer it gives from its cache because the network failed
 * (vite.config.ts, the catalogue's runtime cache).
 */
export const FROM_CACHE_HEADER = 'X-Grandline-From-Cache';

/** The last call to our API failed to reach the server (or was answered from the offline cache). */
let unreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function setUnreachable(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  notify();
}

/** A call that cannot be answered from any cache, to learn whether the server answers again. */
const PROBE_URL = '/api/health';
/** At most one probe per this many milliseconds, however many calls succeed meanwhile. */
export const PROBE_INTERVAL_MS = 3000;
let probing = false;
let lastProbe = -Infinity;
let probeTimer: ReturnType<typeof setTimeout> | undefined;

function probe() {
  if (probing || probeTimer !== undefined) return;
  const wait = lastProbe + PROBE_INTERVAL_MS - Date.now();
  if (wait > 0) {
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      probe();
    }, wait);
    return;
  }
  probing = true;
  lastProbe = Date.now();
  fetch(PROBE_URL, { cache: 'no-store', credentials: 'omit', headers: { Accept: 'application/json' } })
    .then((res) => {
      if (res.ok && !res.headers.has(FROM_CACHE_HEADER)) setUnreachable(false);
    })
    .catch(() => undefined)
    .finally(() => {
      probing = false;
    });
}

/**
 * Called by the API client after each call: whether the server itself answered. A failure says at once that it
 * does not. While it does not, a success is not taken at its word: the browser's HTTP cache answers a fresh
 * catalogue call (`max-age`) even offline, so a probe that no cache can answer decides.
 */
export function reportReachability(reached: boolean) {
  if (!reached) setUnreachable(true);
  else if (unreachable) probe();
}

export const subscribeConnection = (onChange: () => void) => {
  // Back online: the next call says whether the server answers; until then the device's word is taken.
  const online = () => setUnreachable(false);
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export type Connection = 'online' | 'offline' | 'unreachable';

export const connectionNow = (): Connection => (!navigator.onLine ? 'offline' : unreachable ? 'unreachable' : 'online');
