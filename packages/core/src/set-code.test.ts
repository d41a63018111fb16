import { describe, expect, it } from 'vitest';
import { isOwnNumber, ownNumberPrefixes } from './set-code';

describe('a product’s own card numbers', () => {
  it('reads the prefixes from the product code, both halves of a combined product', () => {
    expect(ownNumberPrefixes('OP-05')).toEqual(['OP05']);
    expect(ownNumberPrefixes('ST-31')).toEqual(['ST31']);
    expect(ownNumberPrefixes('PRB-02')).toEqual(['PRB02']);
    expect(ownNumberPrefixes('OP-14-EB04')).toEqual(['OP14', 'EB04']);
    expect(ownNumberPrefixes(null)).toEqual([]);
  });

  it('tells the product’s cards from reprints (ST-31 reprints OP01-016)', () => {
    expect(isOwnNumber('ST31-001', ownNumberPrefixes('ST-31'))).toBe(true);
    expect(isOwnNumber('OP01-016', ownNumberPrefixes('ST-31'))).toBe(false);
    expect(isOwnNumber('EB04-058', ownNumberPrefixes('OP-14-EB04'))).toBe(true);
    expect(isOwnNumber('P-001', [])).toBe(true);
  });
});
