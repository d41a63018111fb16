import { setImmediate as nextTurn } from 'node:timers/promises';

export { nextTurn };

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

/**
 * Rows written a batch per statement, with the event loop given a turn after each. The embedded database runs its
 * statements on this thread and resolves each in a microtask, so a writer that only awaits them answers no other
 * request until it is done: a 2,000-row statement held the thread about 100 ms, a price file of every print 450–850
 * ms, the day's demo prices a second or two. 250 rows take about 12 ms (and stay far below PostgreSQL's 65,535
 * parameters a statement).
 */
const ROWS_PER_STATEMENT = 250;

export async function writeInTurns<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>, size = ROWS_PER_STATEMENT): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await write(rows.slice(i, i + size));
    await nextTurn();
  }
}
