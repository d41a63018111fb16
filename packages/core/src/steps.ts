/**
 * Long pure computations (parsing a 10 MB import) are written as generators that `yield` between steps. A browser or
 * a test runs them in one go with `runSteps`; a server runs them with `runStepsCooperative`, awaiting `pause` (e.g.
 * setImmediate once a few milliseconds have passed) between steps so other requests are served meanwhile.
 */
export function runSteps<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

export async function runStepsCooperative<T>(steps: Generator<void, T>, pause: () => Promise<void>): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}
