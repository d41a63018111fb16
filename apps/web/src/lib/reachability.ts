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

/** Called by the API client after each call: whether the server itself answered. */
export function reportReachability(reached: boolean) {
  if (unreachable === !reached) return;
  unreachable = !reached;
  notify();
}

export const subscribeConnection = (onChange: () => void) => {
  // Back online: the next call says whether the server answers; until then the device's word is taken.
  const online = () => reportReachability(true);
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
