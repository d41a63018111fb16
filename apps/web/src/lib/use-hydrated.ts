import { useDeferredValue } from 'react';

/**
 * Set by app/boot.tsx when it hydrates a page the server drew (and by entry-server.tsx, which draws them). It stays
 * set: a part hydrated later (a lazy one whose code came after) must draw what the server drew too, and what mounts
 * later only gets its true one render later.
 */
let hydrating = false;
export function setHydrating(value: boolean) {
  hydrating = value;
}

/**
 * False while the server draws a page (entry-server.tsx) and while the browser hydrates it, true after and in every
 * page drawn in the browser alone: for what only the browser knows, such as its time zone (a date drawn by the server
 * in another zone would not match the browser's drawing).
 *
 * After hydration, the true comes in a deferred render, which React slices: a `useSyncExternalStore` whose server
 * value differs (as before) forces a synchronous re-render right after the hydrating commit, and with it the page's
 * passive effects, in the same long task.
 */
export const useHydrated = () => useDeferredValue(true, !hydrating);
