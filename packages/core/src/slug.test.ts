import { describe, expect, it } from 'vitest';
import { canonicalCardRedirect, cardIdFromPathSegment, cardPath, normalizeSearchText, slugify } from './slug';

describe('slugify', () => {
  it('lowercases and turns each run of non-alphanumerics into one hyphen', () => {
    expect(slugify('Monkey.D.Luffy')).toBe('monkey-d-luffy');
    expect(slugify('Trafalgar   Law!!')).toBe('trafalgar-law');
    expect(slugify('"Buddha" Sengoku')).toBe('buddha-sengoku');
  });
  it('trims leading and trailing hyphens', () => {
    expect(slugify('...I Want to Live!!')).toBe('i-want-to-live');
    expect(slugify('--Zoro--')).toBe('zoro');
  });
  it('folds accents instead of splitting words', () => {
    expect(slugify('Pokémon Ação')).toBe('pokemon-acao');
  });
  it('returns an empty string when nothing alphanumeric is left', () => {
    expect(slugify('!!!')).toBe('');
  });
});

describe('cardPath', () => {
  it('builds /cards/{game}/{id}-{number}-{slug}', () => {
    expect(cardPath({ id: 12, name: 'Roronoa Zoro', cardNumber: 'OP01-001', gameCategory: 'onepiece' })).toBe(
      '/cards/onepiece/12-OP01-001-roronoa-zoro',
    );
  });
  it('lowercases the game and uses "card" when it is missing', () => {
    expect(cardPath({ id: 3, name: 'Nami', cardNumber: 'OP01-016', gameCategory: 'ONEPIECE' })).toBe(
      '/cards/onepiece/3-OP01-016-nami',
    );
    expect(cardPath({ id: 3, name: 'Nami', cardNumber: 'OP01-016', gameCategory: null })).toBe('/cards/card/3-OP01-016-nami');
  });
  it('leaves the number empty when the card has none', () => {
    expect(cardPath({ id: 7, name: 'Sabo', gameCategory: 'onepiece' })).toBe('/cards/onepiece/7--sabo');
  });
});

describe('canonicalCardRedirect', () => {
  const zoro = { id: 12, name: 'Roronoa Zoro', cardNumber: 'OP01-001', gameCategory: 'onepiece' };
  it('names the card\'s own address for any other spelling of it', () => {
    for (const other of ['/cards/onepiece/12', '/cards/onepiece/12-OP01-001-zoro', '/cards/ONEPIECE/12-OP01-001-roronoa-zoro', '/cards/card/12-x', '/cards/onepiece/12-OP01-001-roronoa-zoro/']) {
      expect(canonicalCardRedirect(other, zoro), other).toBe('/cards/onepiece/12-OP01-001-roronoa-zoro');
    }
  });
  it('is null at the card\'s own address, written encoded or not', () => {
    expect(canonicalCardRedirect('/cards/onepiece/12-OP01-001-roronoa-zoro', zoro)).toBeNull();
    const spaced = { ...zoro, cardNumber: 'OP01 001' };
    expect(canonicalCardRedirect('/cards/onepiece/12-OP01 001-roronoa-zoro', spaced)).toBeNull();
    expect(canonicalCardRedirect('/cards/onepiece/12-OP01%20001-roronoa-zoro', spaced)).toBeNull();
    // The redirect's target, asked again, is the card's own address: no loop.
    expect(canonicalCardRedirect(canonicalCardRedirect('/cards/onepiece/12', spaced)!, spaced)).toBeNull();
  });
});

describe('cardIdFromPathSegment', () => {
  it('reads the id part only', () => {
    expect(cardIdFromPathSegment('12-OP01-001-roronoa-zoro')).toBe(12);
    expect(cardIdFromPathSegment('12-wrong-number-wrong-name')).toBe(12);
    expect(cardIdFromPathSegment('12')).toBe(12);
  });
  it('rejects segments without a positive id', () => {
    expect(cardIdFromPathSegment('OP01-001')).toBeNull();
    expect(cardIdFromPathSegment('0-x')).toBeNull();
    expect(cardIdFromPathSegment('12abc')).toBeNull();
    expect(cardIdFromPathSegment('')).toBeNull();
  });
});

describe('normalizeSearchText', () => {
  it('is case- and accent-insensitive and collapses spaces', () => {
    expect(normalizeSearchText('  Édouard   NEWGATE ')).toBe('edouard newgate');
  });
});
