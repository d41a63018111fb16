import { describe, expect, it } from 'vitest';
import { GONE_READINGS, initialSteady, nextReading, type SteadyState } from './steady-reading';

/** Feeds readings one by one; the numbers taken, in order. */
function run(readings: (string | null)[], start: SteadyState = initialSteady) {
  let state = start;
  const taken: string[] = [];
  for (const r of readings) {
    const step = nextReading(state, r);
    state = step.state;
    if (step.taken) taken.push(step.taken);
  }
  return { taken, state };
}

describe('steady readings', () => {
  it('takes a number when two readings in a row agree, not on one reading', () => {
    expect(run(['OP05-119']).taken).toEqual([]);
    expect(run(['OP05-119', 'OP05-119']).taken).toEqual(['OP05-119']);
  });

  it('does not take a misreading between two right readings', () => {
    expect(run(['OP05-119', 'OP05-118', 'OP05-119']).taken).toEqual([]);
    expect(run(['OP05-119', 'OP05-118', 'OP05-119', 'OP05-119']).taken).toEqual(['OP05-119']);
  });

  it('takes a card once while it stays in view, even with a blurred frame or a misreading in between', () => {
    expect(run(['OP05-119', 'OP05-119', 'OP05-119', null, 'OP05-119', 'OP05-118', 'OP05-119', 'OP05-119']).taken).toEqual(['OP05-119']);
  });

  it('takes the same number again once it has been gone for a few readings (a second copy)', () => {
    const gone = Array<null>(GONE_READINGS).fill(null);
    expect(run(['ST10-004', 'ST10-004', ...gone, 'ST10-004', 'ST10-004']).taken).toEqual(['ST10-004', 'ST10-004']);
  });

  it('takes the next card at once, without waiting for the first to be gone', () => {
    expect(run(['P-033', 'P-033', 'EB01-012', 'EB01-012']).taken).toEqual(['P-033', 'EB01-012']);
  });

  it('never takes anything from readings of nothing', () => {
    const { taken, state } = run([null, null, null, null]);
    expect(taken).toEqual([]);
    expect(state).toEqual(initialSteady);
  });
});
