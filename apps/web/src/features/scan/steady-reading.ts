/**
 * When the camera's readings become a scan: OCR of a moving picture misreads now and then, so a number is taken only
 * when two readings in a row agree, and taken once while the card stays in view — the same card is scanned again
 * only after its number has been gone for a few readings (the user moved to the next card, or back to this one for
 * a second copy). Pure: one call per reading.
 */

/** Readings in a row that must agree before a number is taken. */
const AGREEING_READINGS = 2;
/** Readings without the last number taken after which the same number may be taken again. */
export const GONE_READINGS = 3;

export interface SteadyState {
  /** The number read last, and in how many readings in a row. */
  candidate: string | null;
  streak: number;
  /** The number taken last, while it is still (or was recently) in view. */
  taken: string | null;
  /** Readings in a row without `taken`. */
  missing: number;
}

export const initialSteady: SteadyState = { candidate: null, streak: 0, taken: null, missing: 0 };

/** One reading (the best card number in a frame, or null when none was read): the next state, and the number taken now if any. */
export function nextReading(state: SteadyState, reading: string | null): { state: SteadyState; taken: string | null } {
  const streak = reading !== null && reading === state.candidate ? state.streak + 1 : reading === null ? 0 : 1;
  let taken = state.taken;
  let missing = reading === taken ? 0 : state.missing + 1;
  if (taken !== null && missing >= GONE_READINGS) {
    taken = null;
    missing = 0;
  }
  const next: SteadyState = { candidate: reading, streak, taken, missing };
  if (reading !== null && streak >= AGREEING_READINGS && reading !== taken) {
    return { state: { ...next, taken: reading, missing: 0 }, taken: reading };
  }
  return { state: next, taken: null };
}
