import type { MetaLeadersResponse } from '@grandline/core/contracts/tournaments';

export type MetaPageState = 'loading' | 'failed' | 'no-source' | 'empty-window' | 'results';

/**
 * What /meta shows: its figures once they are there (a failed refresh keeps the figures on screen); "no tournament
 * source configured yet" when no tournament was ever stored (a fresh install), which is not the same as a window
 * without tournaments; the results otherwise.
 */
export function metaPageState({
  leaders,
  leadersFailed,
  everStored,
}: {
  leaders: MetaLeadersResponse | undefined;
  leadersFailed: boolean;
  /** Tournaments stored at all (any window, any format); undefined while asked. */
  everStored: number | undefined;
}): MetaPageState {
  if (!leaders) return leadersFailed ? 'failed' : 'loading';
  if (leaders.decks > 0) return 'results';
  if (everStored === undefined) return 'loading';
  return everStored === 0 ? 'no-source' : 'empty-window';
}
