import type { Card } from '@grandline/core/contracts/cards';
import { describe, expect, it } from 'vitest';
import { collectionCheck, notInWishlist } from './collection-check';

let nextId = 1;
const card = (cardNumber: string, over: Partial<Card> = {}): Card =>
  ({ id: nextId++, cardNumber, name: cardNumber, cardType: 'Character', colors: ['Red'], isVariation: false, variant: null, ...over }) as Card;

describe('collectionCheck', () => {
  it('lists each number with needed, owned and missing copies, and sums them', () => {
    const a = card('OP01-004');
    const b = card('OP01-006');
    const c = card('OP01-013');
    const check = collectionCheck(
      [
        { card: a, quantity: 4 },
        { card: b, quantity: 4 },
        { card: c, quantity: 2 },
      ],
      { 'OP01-004': 4, 'OP01-006': 1, 'OP99-999': 3 },
    );
    expect(check.rows.map((r) => [r.cardNumber, r.needed, r.owned, r.missing])).toEqual([
      ['OP01-004', 4, 4, 0],
      ['OP01-006', 4, 1, 3],
      ['OP01-013', 2, 0, 2],
    ]);
    expect([check.needed, check.owned, check.missing]).toEqual([10, 5, 5]);
    expect(check.missingCards).toEqual([
      { cardId: b.id, quantity: 3 },
      { cardId: c.id, quantity: 2 },
    ]);
  });

  it('counts more copies than needed as just enough', () => {
    const a = card('OP01-004');
    const check = collectionCheck([{ card: a, quantity: 2 }], { 'OP01-004': 7 });
    expect(check.rows[0]).toMatchObject({ needed: 2, owned: 7, missing: 0, missingPrints: [] });
    expect([check.needed, check.owned, check.missing]).toEqual([2, 2, 0]);
  });

  it('puts the leader first and checks it like any card', () => {
    const leader = card('OP01-001', { cardType: 'Leader' });
    const a = card('OP01-004');
    const check = collectionCheck([{ card: a, quantity: 4 }], { 'OP01-004': 4 }, leader);
    expect(check.rows.map((r) => r.cardNumber)).toEqual(['OP01-001', 'OP01-004']);
    expect(check.rows[0]).toMatchObject({ needed: 1, owned: 0, missing: 1 });
    expect([check.needed, check.owned, check.missing]).toEqual([5, 4, 1]);
    expect(check.missingCards).toEqual([{ cardId: leader.id, quantity: 1 }]);
  });

  it('joins prints of one number: owned copies of any print count, missing ones go to the prints in deck order', () => {
    const base = card('OP01-016');
    const parallel = card('OP01-016', { isVariation: true, variant: 'P1' });
    const check = collectionCheck(
      [
        { card: base, quantity: 3 },
        { card: parallel, quantity: 1 },
      ],
      { 'OP01-016': 2 },
    );
    expect(check.rows).toHaveLength(1);
    expect(check.rows[0]).toMatchObject({ card: base, needed: 4, owned: 2, missing: 2 });
    expect(check.missingCards).toEqual([
      { cardId: base.id, quantity: 1 },
      { cardId: parallel.id, quantity: 1 },
    ]);
  });

  it('is empty for an empty deck and ignores rows without copies', () => {
    expect(collectionCheck([], {})).toEqual({ rows: [], needed: 0, owned: 0, missing: 0, missingCards: [] });
    expect(collectionCheck([{ card: card('OP01-004'), quantity: 0 }], {}).rows).toEqual([]);
  });
});

describe('notInWishlist', () => {
  it('keeps only the prints not in the wishlist yet', () => {
    expect(
      notInWishlist(
        [
          { cardId: 1, quantity: 2 },
          { cardId: 2, quantity: 1 },
        ],
        [2, 9],
      ),
    ).toEqual([{ cardId: 1, quantity: 2 }]);
  });
});
