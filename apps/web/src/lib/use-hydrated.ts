import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server draws a page (entry-server.tsx) and while the browser hydrates it, true after and in every
 * page drawn in the browser: for what only the browser knows, such as its time zone (a date drawn by the server in
 * another zone would not match the browser's drawing).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
