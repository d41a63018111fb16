import type { Card } from '@grandline/core/contracts/cards';
import { describe, expect, it } from 'vitest';
import { cardFactory } from '@/test/card-factory';
import { draftReducer, emptyDraft, type DeckDraft } from './deck-draft';
import { countInDraft, coverCard, coverOptions, coverValue, importActions, NO_COVER, saveErrorKey, savePlan } from './deck-editor-state';

const make = cardFactory(100);
const card = (cardNumber: string, over: Partial<Card> = {}): Card => make(cardNumber, { name: `Card ${cardNumber}`, ...over });

const leader = card('OP09-001', { cardType: 'Leader', name: 'Shanks' });
const zoro = card('OP09-010', { name: 'Zoro' });
const zoroParallel = card('OP09-010', { name: 'Zoro', isVariation: true, variant: 'p1' });

const draftWith = (over: Partial<DeckDraft> = {}): DeckDraft => ({
  ...emptyDraft(),
  name: 'Red Shanks',
  leader,
  rows: [
    { card: zoro, quantity: 2 },
    { card: zoroParallel, quantity: 1 },
  ],
  ...over,
});

describe('deck editor state', () => {
  it('counts a Leader by the leader slot and other cards by card number (all prints)', () => {
    const d = draftWith();
    expect(countInDraft(d, leader)).toBe(1);
    expect(countInDraft(d, card('OP01-001', { cardType: 'Leader' }))).toBe(0);
    expect(countInDraft(d, zoro)).toBe(3);
    expect(countInDraft(d, card('OP01-002'))).toBe(0);
  });

  it('offers no cover, the leader, then every print of the deck, and maps a choice back to its card', () => {
    const d = draftWith();
    expect(coverOptions(d, 'No cover')).toEqual([
      { value: NO_COVER, label: 'No cover' },
      { value: String(leader.id), label: 'Shanks (OP09-001)' },
      { value: String(zoro.id), label: 'Zoro (OP09-010)' },
      { value: String(zoroParallel.id), label: 'Zoro (OP09-010 p1)' },
    ]);
    expect(coverCard(d, String(leader.id))).toBe(leader);
    expect(coverCard(d, String(zoroParallel.id))).toBe(zoroParallel);
    expect(coverCard(d, NO_COVER)).toBeNull();
    expect(coverCard(d, '999999')).toBeNull();
    expect(coverValue(d)).toBe(NO_COVER);
    expect(coverValue({ cover: zoro })).toBe(String(zoro.id));
    expect(coverOptions(emptyDraft(), 'None')).toEqual([{ value: NO_COVER, label: 'None' }]);
  });

  it('creates a new deck in one request, with trimmed text and an empty description as null', () => {
    const d = draftWith({ name: '  Red Shanks  ', description: '   ', cover: zoro });
    expect(savePlan(emptyDraft(), d, null)).toEqual({
      kind: 'create',
      request: {
        name: 'Red Shanks',
        format: d.format,
        description: null,
        isPublic: false,
        leaderCardId: leader.id,
        coverCardId: zoro.id,
        cards: [
          { cardId: zoro.id, quantity: 2 },
          { cardId: zoroParallel.id, quantity: 1 },
        ],
      },
    });
  });

  it('updates a saved deck with its cards only when they changed, and only the changed fields', () => {
    const saved = draftWith();
    expect(savePlan(saved, saved, 'd1')).toEqual({ kind: 'update', id: 'd1', cards: null, fields: null });

    const renamed = { ...saved, name: 'Blue' };
    expect(savePlan(saved, renamed, 'd1')).toEqual({ kind: 'update', id: 'd1', cards: null, fields: { name: 'Blue' } });

    const more = draftReducer(saved, { type: 'add', card: zoro });
    expect(savePlan(saved, more, 'd1')).toEqual({
      kind: 'update',
      id: 'd1',
      cards: [
        { cardId: zoro.id, quantity: 3 },
        { cardId: zoroParallel.id, quantity: 1 },
      ],
      fields: null,
    });
  });

  it('says "sign in" for 401 and TOS_REQUIRED, otherwise which save failed', () => {
    expect(saveErrorKey({ status: 401, code: 'UNAUTHORIZED' }, true)).toBe('toasts.mustSignIn');
    expect(saveErrorKey({ status: 403, code: 'TOS_REQUIRED' }, false)).toBe('toasts.mustSignIn');
    expect(saveErrorKey({ status: 500, code: 'INTERNAL' }, true)).toBe('toasts.updateFailed');
    expect(saveErrorKey(null, false)).toBe('toasts.saveFailed');
  });

  it('turns an imported list into draft actions: replace, or merge onto the draft', () => {
    const rows = [{ card: zoro, quantity: 4 }];
    expect(importActions(leader, rows, 'replace')).toEqual([{ type: 'replaceCards', leader, rows }]);
    expect(importActions(leader, rows, 'merge')).toEqual([
      { type: 'setLeader', card: leader },
      { type: 'add', card: zoro, count: 4 },
    ]);
    expect(importActions(null, [], 'merge')).toEqual([]);

    const merged = importActions(null, rows, 'merge').reduce(draftReducer, draftWith());
    expect(merged.rows[0]).toEqual({ card: zoro, quantity: 6 });
    expect(merged.leader).toBe(leader);
  });
});
