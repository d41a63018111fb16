import '@/index.css';

// The app's code (React, the router, the shell: about 450 KB of JavaScript) takes a phone a few hundred milliseconds
// to run. The browser paints the static shell of index.html first, then runs it: on a fast page load it would
// otherwise run the code before its first paint, and the visitor would see a blank page that long. The code is
// already downloading meanwhile (the server's page shell preloads it: apps/server/src/lib/page-preloads.ts). A hidden
// tab gets no animation frame; the timer starts it anyway.
await new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, 100);
  requestAnimationFrame(() => {
    clearTimeout(timer);
    setTimeout(resolve, 0);
  });
});
await import('@/app/boot');
