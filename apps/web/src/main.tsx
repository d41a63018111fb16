import '@/index.css';

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
preloadPageCode();
// Then the app's code, a library at a time with the browser given a turn between them: evaluated at once, it held a
// phone's main thread for one long stretch (Lighthouse's Total Blocking Time counts each over 50 ms).
// (Our own modules, not the packages' names: a package imported by name keeps every export in the bundle.)
await import('react-dom/client');
await nextTurn();
await import('@/lib/i18n');
await nextTurn();
await import('@/app/router');
await nextTurn();
await import('@/app/boot');

/** Lets the browser run what waits (input, paint) before going on: scheduler.yield where there is one. */
function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts downloading the code and texts the server listed for this page (apps/server/src/lib/page-preloads.ts),
 * all at once, beside the app's own code: after the first paint, so they do not compete with it.
 */
function preloadPageCode() {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById('page-preloads')?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || !/^assets\/[\w.-]+\.js$/.test(file)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
}
