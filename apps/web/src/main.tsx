import '@/index.css';
import { nextTurn } from '@/lib/next-turn';

/** Links added per turn by preloadPageCode (declared before the first await: the functions below run during it). */
const PRELOADS_PER_TURN = 6;

warmIntl();

// The app's code (React, the router, the shell: about 450 KB of JavaScript) takes a phone a few hundred milliseconds
// to run. The browser paints the static shell of index.html first, then runs it: on a fast page load it would
// otherwise run the code before its first paint, and the visitor would see a blank page that long. A hidden tab gets
// no animation frame; the timer starts it anyway.
await new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, 100);
  requestAnimationFrame(() => {
    clearTimeout(timer);
    setTimeout(resolve, 0);
  });
});
void preloadPageCode();
// Then the app's code, a library at a time with the browser given a turn between them: evaluated at once, it held a
// phone's main thread for one long stretch (Lighthouse's Total Blocking Time counts each over 50 ms).
// (Our own modules, not the packages' names: a package imported by name keeps every export in the bundle.)
await import('react-dom/client');
await nextTurn();
await import('@/lib/i18n');
await nextTurn();
await import('@/lib/query-client');
await nextTurn();
await import('@/app/router');
await nextTurn();
await import('@/app/boot');

/**
 * Loads the browser's formatting data on a worker thread (lib/intl-warm.worker.ts) while the code below downloads, so
 * the first count, price or date the app formats costs nothing on this thread.
 */
function warmIntl() {
  try {
    const worker = new Worker(new URL('./lib/intl-warm.worker.ts', import.meta.url), { type: 'module' });
    worker.postMessage(document.documentElement.lang);
  } catch {
    // No workers here: the first formatter loads the data itself.
  }
}

/**
 * Starts downloading the code and texts the server listed for this page (apps/server/src/lib/page-preloads.ts),
 * beside the app's own code: after the first paint, so they do not compete with it. A few at a time, with the browser
 * given a turn between them: each <link> costs the main thread about a millisecond, and a page lists three dozen.
 */
async function preloadPageCode() {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById('page-preloads')?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const valid = files.filter((file): file is string => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file));
  for (let i = 0; i < valid.length; i += PRELOADS_PER_TURN) {
    if (i > 0) await nextTurn();
    for (const file of valid.slice(i, i + PRELOADS_PER_TURN)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = `/${file}`;
      document.head.append(link);
    }
  }
}
