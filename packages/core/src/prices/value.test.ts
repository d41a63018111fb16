import { describe, expect, it } from 'vitest';
import { collectionValue, priceChange } from './value';

const prices = new Map([
  [1, { min: 100, avg: 150, max: 400, demo: false }],
  [2, { min: 5000, avg: 6000, max: null, demo: false, estimate: true }],
  [3, { min: null, avg: null, max: null, demo: false }],
]);

describe('collection value', () => {
  it('sums quantity × the chosen price, counts unpriced copies apart, and never treats a missing max as 0', () => {
    const rows = [
      { cardId: 1, quantity: 4, paidCents: null },
      { cardId: 2, quantity: 1, paidCents: null },
      { cardId: 3, quantity: 2, paidCents: null },
      { cardId: 9, quantity: 1, paidCents: null },
    ];
    expect(collectionValue(rows, prices, 'min')).toMatchObject({ total: 5400, pricedCopies: 5, unpricedCopies: 3, estimate: true, gain: null });
    expect(collectionValue(rows, prices, 'max')).toMatchObject({ total: 1600, pricedCopies: 4, unpricedCopies: 4 });
  });

  it('computes cost basis and gain only over rows with both a paid and a market price', () => {
    const rows = [
      { cardId: 1, quantity: 2, paidCents: 80 },
      { cardId: 2, quantity: 1, paidCents: 6000 },
      { cardId: 3, quantity: 1, paidCents: 999 },
    ];
    const value = collectionValue(rows, prices, 'avg');
    expect(value).toMatchObject({ total: 6300, costBasis: 6160, costBasisValue: 6300, gain: 140 });
    expect(value.gainRatio).toBeCloseTo(140 / 6160);
  });

  it('reports a price change with its ratio', () => {
    expect(priceChange(150, 100)).toEqual({ change: 50, ratio: 0.5 });
    expect(priceChange(150, null)).toBeNull();
    expect(priceChange(10, 0)).toEqual({ change: 10, ratio: null });
  });
});
