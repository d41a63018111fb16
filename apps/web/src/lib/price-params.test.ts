import { describe, expect, it } from 'vitest';
import { priceBound } from './price-params';

describe('price bounds typed in the library filter', () => {
  it('reads the ways people write amounts, and refuses the rest', () => {
    expect(priceBound('12,50')).toBe('12.5');
    expect(priceBound('1.234,50')).toBe('1234.5');
    expect(priceBound('R$ 20')).toBe('20');
    expect(priceBound('  ')).toBeUndefined();
    expect(priceBound('12x')).toBeNull();
    expect(priceBound('99999999')).toBeNull();
  });
});
