import type { MetaLeadersResponse } from '@grandline/core/contracts/tournaments';
import { describe, expect, it } from 'vitest';
import { metaPageState } from './meta-state';

const answer = (decks: number): MetaLeadersResponse => ({ from: '2025-05-12', to: '2025-06-10', format: 'standard', tournaments: decks ? 1 : 0, decks, leaders: [] });

describe('what /meta shows', () => {
  it('waits for the figures, or says they failed', () => {
    expect(metaPageState({ leaders: undefined, leadersFailed: false, everStored: 3 })).toBe('loading');
    expect(metaPageState({ leaders: undefined, leadersFailed: true, everStored: 3 })).toBe('failed');
  });

  it('shows the results when the window has decks, whatever else is known', () => {
    expect(metaPageState({ leaders: answer(8), leadersFailed: true, everStored: undefined })).toBe('results');
  });

  it('tells a fresh install (no tournament ever stored) from a window without tournaments', () => {
    expect(metaPageState({ leaders: answer(0), leadersFailed: false, everStored: 0 })).toBe('no-source');
    expect(metaPageState({ leaders: answer(0), leadersFailed: false, everStored: 12 })).toBe('empty-window');
    expect(metaPageState({ leaders: answer(0), leadersFailed: false, everStored: undefined })).toBe('loading');
  });
});
