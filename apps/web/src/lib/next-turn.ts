/**
 * Lets the browser run what waits (input, paint, other tasks) before going on: `scheduler.yield()` where there is
 * one (the continuation keeps its priority), a zero timer elsewhere. Start-up code awaits it between its steps so a
 * phone never runs them in one long task (Lighthouse's Total Blocking Time counts each task over 50 ms).
 */
export function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
