import { describe, expect, it } from 'vitest';
import { parseQuickAddState, reconcileTarget, recordAdded, startQuickAdd, targetKey, type QuickAddState, type QuickAddTarget } from './quick-add-state';

const deck: QuickAddTarget = { kind: 'deck', id: 'd1', name: 'Red rush' };
const binder: QuickAddTarget = { kind: 'binder', id: 'b1', name: 'Quick', category: 'personal' };

describe('quick-add state', () => {
  it('round-trips through storage and rejects what it did not write', () => {
    const state = recordAdded(startQuickAdd(null, 'u1', binder), 42, 2);
    expect(parseQuickAddState(JSON.stringify(state))).toEqual(state);
    expect(parseQuickAddState(null)).toBeNull();
    expect(parseQuickAddState('not json')).toBeNull();
    expect(parseQuickAddState(JSON.stringify({ ...state, userId: '' }))).toBeNull();
    expect(parseQuickAddState(JSON.stringify({ ...state, added: -1 }))).toBeNull();
    expect(parseQuickAddState(JSON.stringify({ ...state, target: { kind: 'binder', id: 'b1', name: 'W', category: 'wishlist' } }))).toBeNull();
    expect(parseQuickAddState(JSON.stringify({ ...state, target: { kind: 'shelf' } }))).toBeNull();
    // Bad per-card entries are dropped, not fatal.
    const parsed = parseQuickAddState(JSON.stringify({ ...state, perCard: { '42': 2, x: 1, '7': -3 } }));
    expect(parsed?.perCard).toEqual({ '42': 2 });
  });

  it('counts adds per card and in all', () => {
    let state: QuickAddState = startQuickAdd(null, 'u1', deck);
    state = recordAdded(state, 1);
    state = recordAdded(state, 1);
    state = recordAdded(state, 5);
    expect(state.added).toBe(3);
    expect(state.perCard).toEqual({ '1': 2, '5': 1 });
  });

  it('starts counting again for a new target or user, not for the same target', () => {
    const state = recordAdded(startQuickAdd(null, 'u1', deck), 1);
    expect(startQuickAdd(state, 'u1', { ...deck, name: 'Renamed' })).toMatchObject({ added: 1, target: { name: 'Renamed' } });
    expect(startQuickAdd(state, 'u1', binder)).toMatchObject({ added: 0, perCard: {} });
    expect(startQuickAdd(state, 'u2', deck)).toMatchObject({ userId: 'u2', added: 0 });
  });

  it('keys targets by kind and id', () => {
    expect(targetKey(deck)).toBe('deck:d1');
    expect(targetKey(binder)).toBe('binder:b1');
    expect(targetKey({ kind: 'wishlist' })).toBe('wishlist');
  });

  it('follows renames and notices deleted targets', () => {
    expect(reconcileTarget(deck, {})).toBe(deck);
    expect(reconcileTarget(deck, { decks: [{ id: 'd1', name: 'Red rush' }] })).toBe(deck);
    expect(reconcileTarget(deck, { decks: [{ id: 'd1', name: 'Red aggro' }] })).toEqual({ ...deck, name: 'Red aggro' });
    expect(reconcileTarget(deck, { decks: [] })).toBeNull();
    expect(reconcileTarget(binder, { binders: [{ id: 'b1', name: 'Quick', category: 'trade' }] })).toEqual({ ...binder, category: 'trade' });
    expect(reconcileTarget(binder, { binders: [{ id: 'b1', name: 'Quick', category: 'wishlist' }] })).toBeNull();
    expect(reconcileTarget({ kind: 'wishlist' }, { decks: [], binders: [] })).toEqual({ kind: 'wishlist' });
  });
});
