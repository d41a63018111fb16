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
await import('@/app/boot');

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
