import { describe, expect, it } from 'vitest';
import { cardFactory } from '@/test/card-factory';
import { cardInputs, changedFields, copiesOf, draftReducer, emptyDraft, isDirty, mainCount, validateDraft, type DeckDraft } from './deck-draft';

const card = cardFactory(1);

const leader = card('OP09-001', { cardType: 'Leader' });
const zoro = card('OP09-010');
const zoroParallel = card('OP09-010', { isVariation: true, variant: 'p1' });

describe('deck draft', () => {
  it('puts a Leader in the leader slot and other cards in the main deck', () => {
    let d = draftReducer(emptyDraft(), { type: 'add', card: leader });
    d = draftReducer(d, { type: 'add', card: zoro });
    d = draftReducer(d, { type: 'add', card: zoro, count: 2 });
    expect(d.leader).toBe(leader);
    expect(d.rows).toEqual([{ card: zoro, quantity: 3 }]);
    expect(mainCount(d)).toBe(3);
  });

  it('counts prints of one number together, and removes a row at 0', () => {
    let d = draftReducer(emptyDraft(), { type: 'add', card: zoro, count: 3 });
    d = draftReducer(d, { type: 'add', card: zoroParallel, count: 2 });
    expect(copiesOf(d.rows, 'OP09-010')).toBe(5);
    expect(validateDraft({ ...d, leader }).errors.map((e) => e.code)).toEqual(['MAIN_DECK_SIZE', 'TOO_MANY_COPIES']);
    d = draftReducer(d, { type: 'setQuantity', cardId: zoroParallel.id, quantity: 0 });
    expect(d.rows).toEqual([{ card: zoro, quantity: 3 }]);
    expect(cardInputs(d)).toEqual([{ cardId: zoro.id, quantity: 3 }]);
  });

  it('judges on the server’s entries and on the chosen day: a banned pair from its first day, the shipped list until read', () => {
    let d = draftReducer(emptyDraft(), { type: 'add', card: leader });
    d = draftReducer(d, { type: 'add', card: zoro, count: 4 });
    d = draftReducer(d, { type: 'add', card: card('OP09-011'), count: 4 });
    const pair = [{ kind: 'pair' as const, cardNumber: 'OP09-010', pairedWith: 'OP09-011', from: '2026-12-01', until: null, source: 'https://example.test/list' }];
    const codes = (r: ReturnType<typeof validateDraft>) => r.errors.map((e) => e.code);
    expect(codes(validateDraft(d, pair, '2026-12-01'))).toEqual(['MAIN_DECK_SIZE', 'BANNED_PAIR']);
    expect(codes(validateDraft(d, pair, '2026-11-30'))).toEqual(['MAIN_DECK_SIZE']);
    expect(codes(validateDraft(d, undefined, '2026-12-01'))).toEqual(['MAIN_DECK_SIZE']);
  });

  it('keeps the cover only while it is a card of the deck', () => {
    let d = draftReducer(emptyDraft(), { type: 'add', card: zoro });
    d = draftReducer(d, { type: 'setCover', card: leader });
    expect(d.cover).toBeNull();
    d = draftReducer(d, { type: 'setCover', card: zoro });
    expect(d.cover).toBe(zoro);
    d = draftReducer(d, { type: 'setQuantity', cardId: zoro.id, quantity: 0 });
    expect(d.cover).toBeNull();
  });

  it('sends only the fields that changed, and knows when nothing did', () => {
    const saved: DeckDraft = { ...emptyDraft(), name: 'Red', description: '', leader, rows: [{ card: zoro, quantity: 4 }] };
    expect(isDirty(saved, saved)).toBe(false);
    expect(changedFields(saved, { ...saved, name: ' Red ' })).toBeNull();
    expect(changedFields(saved, { ...saved, name: 'Red v2', isPublic: true })).toEqual({ name: 'Red v2', isPublic: true });
    expect(changedFields(saved, { ...saved, leader: null, description: '  Aggro ' })).toEqual({ leaderCardId: null, description: 'Aggro' });
    const more = draftReducer(saved, { type: 'add', card: zoro });
    expect(changedFields(saved, more)).toBeNull();
    expect(isDirty(saved, more)).toBe(true);
  });
});
