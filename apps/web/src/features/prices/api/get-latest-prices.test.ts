import { describe, expect, it } from 'vitest';
import { latestPriceIds, latestPricesQueryOptions } from './get-latest-prices';

describe('latest prices query', () => {
  it('asks for each print once, in order, at most 200', () => {
    expect(latestPriceIds([5, 3, 5, 1])).toEqual([1, 3, 5]);
    expect(latestPriceIds(Array.from({ length: 250 }, (_, i) => 250 - i))).toHaveLength(200);
  });

  it('is keyed by market, currency and the sorted ids, and asks for nothing without ids', () => {
    expect(latestPricesQueryOptions([9, 2], 'us', 'USD').queryKey).toEqual(['prices', 'latest', 'us', 'USD', [2, 9]]);
    expect(latestPricesQueryOptions([], 'br', 'BRL').enabled).toBe(false);
  });
});
