import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A pause for long CPU work on the request path (reading a 10 MB import): awaited between steps, it gives the event
 * loop a turn once `budgetMs` of work has passed since the last one, so other requests are answered meanwhile.
 */
export function createPause(budgetMs = 8): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < budgetMs) return;
    await nextTurn();
    last = performance.now();
  };
}
