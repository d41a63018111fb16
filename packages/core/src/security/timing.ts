/**
 * Timing for the security suite's time bounds. The fastest of three runs: a machine busy with other tests slows a
 * run, only super-linear work slows all three. (parsers.security.test.ts keeps its own copy of the same helper.)
 */
export function timed<T>(fn: () => T): { ms: number; value: T } {
  let best = Infinity;
  let value!: T;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    value = fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, value };
}
