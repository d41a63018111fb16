import { describe, expect, it } from 'vitest';
import { CardsQuery } from './cards';

describe('CardsQuery', () => {
  it('applies paging defaults', () => {
    expect(CardsQuery.parse({})).toMatchObject({ page: 1, pageSize: 24 });
  });
  it('accepts one or several comma-separated or repeated values', () => {
    expect(CardsQuery.parse({ color: 'Red,Green' }).color).toEqual(['Red', 'Green']);
    expect(CardsQuery.parse({ color: ['Red', 'Blue'] }).color).toEqual(['Red', 'Blue']);
    expect(CardsQuery.parse({ color: '' }).color).toBeUndefined();
  });
  it('coerces numbers and booleans from query strings', () => {
    const q = CardsQuery.parse({ costMin: '2', costMax: '5', variations: 'false', page: '3', pageSize: '100' });
    expect(q).toMatchObject({ costMin: 2, costMax: 5, variations: false, page: 3, pageSize: 100 });
  });
  it('rejects page sizes above 100, unknown colors and inverted ranges', () => {
    expect(CardsQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(CardsQuery.safeParse({ color: 'Pink' }).success).toBe(false);
    const inverted = CardsQuery.safeParse({ costMin: '5', costMax: '2' });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues[0]?.message).toBe('validation.costRange');
    expect(CardsQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(CardsQuery.safeParse({ sort: 'rarity' }).success).toBe(false);
    expect(CardsQuery.safeParse({ variations: 'maybe' }).success).toBe(false);
  });
});
