import { describe, expect, it } from 'vitest';
import type { Card } from '../contracts/cards';
import { collectionStats } from './stats';

const card = (id: number, cardNumber: string, over: Partial<Card> = {}): Card => ({
  id,
  gameCategory: 'onepiece',
  cardNumber,
  name: cardNumber,
  cardType: 'Character',
  cost: 1,
  power: 1000,
  counter: null,
  life: null,
  colors: ['Red'],
  attributes: [],
  subtypes: [],
  cardText: null,
  keywords: [],
  rarity: 'C',
  blockIcon: '1',
  rotationBlock: '1',
  rotationSet: null,
  isVariation: false,
  manual: false,
  variant: null,
  artworkUrl: null,
  set: { code: 'OP-01', name: 'Romance Dawn', slug: 'op-01' },
  ...over,
});

describe('collectionStats', () => {
  it('counts copies, prints and numbers, by set, color, rarity and type', () => {
    const stats = collectionStats(
      [
        { card: card(1, 'OP01-001', { cardType: 'Leader', rarity: 'L', colors: ['Red', 'Green'] }), quantity: 1 },
        { card: card(2, 'OP01-002'), quantity: 3 },
        { card: card(3, 'OP01-002', { isVariation: true, variant: 'p1', rarity: 'SR' }), quantity: 1 },
        { card: card(4, 'ST01-001', { set: { code: 'ST-01', name: 'Straw Hat Crew', slug: 'st-01' }, colors: ['Red'] }), quantity: 2 },
      ],
      (slug) => (slug === 'op-01' ? 121 : 17),
    );
    expect(stats.cardCount).toBe(7);
    expect(stats.distinctCount).toBe(4);
    expect(stats.distinctNumbers).toBe(3);
    expect(stats.bySet).toEqual([
      { key: 'OP-01', count: 5 },
      { key: 'ST-01', count: 2 },
    ]);
    expect(stats.byColor).toEqual([
      { key: 'Red', count: 7 },
      { key: 'Green', count: 1 },
    ]);
    expect(stats.byType).toEqual([
      { key: 'Character', count: 6 },
      { key: 'Leader', count: 1 },
    ]);
    expect(stats.completion).toEqual([
      { code: 'ST-01', name: 'Straw Hat Crew', slug: 'st-01', owned: 1, size: 17 },
      { code: 'OP-01', name: 'Romance Dawn', slug: 'op-01', owned: 2, size: 121 },
    ]);
  });
  it('is all zeros for an empty binder', () => {
    const stats = collectionStats([], () => 0);
    expect(stats).toMatchObject({ cardCount: 0, distinctCount: 0, distinctNumbers: 0, bySet: [], completion: [] });
  });
});
