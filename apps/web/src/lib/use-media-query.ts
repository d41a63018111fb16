import { useSyncExternalStore } from 'react';

/**
 * The viewport width a server-rendered page was drawn for (a phone's or a desktop's: lib/ssr-state.ts), so the
 * page's hydration draws the same; the real width takes over right after. 0 when nothing was rendered on the server.
 */
let assumedWidth = 0;

export function setAssumedViewportWidth(width: number) {
  assumedWidth = width;
}

/** Whether a `(min-width: Npx)` query holds at the assumed width (other queries: false). */
function assumedMatch(query: string): boolean {
  const min = /^\(min-width: (\d{1,5})px\)$/.exec(query);
  return min ? assumedWidth >= Number(min[1]) : false;
}

/** True while the media query matches, e.g. useMediaQuery('(min-width: 1024px)'). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => assumedMatch(query),
  );
}
