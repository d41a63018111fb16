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

/**
 * Resolves once the browser has painted the frame that follows (a frame, then a task after it): an interaction shows
 * its feedback first (a pressed toggle) and the heavy work it asked for runs after, in a task of its own — what
 * Interaction to Next Paint measures is then the feedback, and the user sees the tap taken at once.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return nextTurn();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
