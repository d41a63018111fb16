import { describe, expect, it } from 'vitest';
import { buildCatalogue, loadPackageCards, parseSetLabel } from './catalogue-source';

const base = {
  card_name: 'Roronoa Zoro',
  card_number: 'OP01-001',
  rarity: 'L',
  is_alternate_art: false,
  card_type: 'LEADER',
  image_url: 'https://example.test/OP01-001.png',
  life: '5',
  cost: '-',
  attributes: ['Slash'],
  power: '5000',
  counter: '-',
  block_icon: '1',
  colors: ['Red'],
  types: ['Supernovas', 'Straw Hat Crew'],
  effects: '[DON!! x1] [Your Turn] All of your Characters gain +1000 power.',
  card_effects: ['[DON!! x1]', '[Your Turn]'],
  card_sets: '-ROMANCE DAWN- [OP-01]',
  image_name: 'OP01-001',
};

describe('parseSetLabel', () => {
  it('reads code, name, kind and slug of a booster', () => {
    expect(parseSetLabel('-ROMANCE DAWN- [OP-01]')).toMatchObject({
      code: 'OP-01',
      name: 'ROMANCE DAWN',
      slug: 'op-01',
      kind: 'booster',
      releaseYear: 2022,
    });
  });
  it('strips product prefixes and handles combined codes', () => {
    expect(parseSetLabel('BOOSTER PACK -THE WORLD’S STRONGEST WARRIORS- [OP-17]')).toMatchObject({
      code: 'OP-17',
      name: 'THE WORLD’S STRONGEST WARRIORS',
    });
    expect(parseSetLabel("-ADVENTURE ON KAMI'S ISLAND- [OP-15-EB04]")).toMatchObject({ code: 'OP-15-EB04', slug: 'op-15-eb04' });
    expect(parseSetLabel('STARTER DECK -RED Monkey.D.Luffy- [ST-31]')).toMatchObject({ kind: 'starter', name: 'RED Monkey.D.Luffy' });
  });
  it('slugs promotional products by name and finds a year in their name', () => {
    expect(parseSetLabel('Tournament Pack 2026 Vol. 1')).toMatchObject({
      code: null,
      kind: 'promo',
      slug: 'tournament-pack-2026-vol-1',
      releaseYear: 2026,
    });
    expect(parseSetLabel('CS 25-26 Event Pack')).toMatchObject({ releaseYear: 2025 });
    expect(parseSetLabel('Super Pre-Release')).toMatchObject({ releaseYear: null });
  });
});

describe('buildCatalogue', () => {
  it('maps a print to card fields', () => {
    const { prints, sets, skipped } = buildCatalogue([base]);
    expect(skipped).toEqual([]);
    expect(sets).toHaveLength(1);
    expect(prints[0]).toMatchObject({
      cardNumber: 'OP01-001',
      cardType: 'Leader',
      cost: null,
      power: 5000,
      counter: null,
      life: 5,
      colors: ['Red'],
      subtypes: ['Supernovas', 'Straw Hat Crew'],
      blockIcon: '1',
      isVariation: false,
      variant: null,
    });
    expect(prints[0]?.searchText).toContain('roronoa zoro op01-001');
  });
  it('keeps parallels as variations of the same number, base print first', () => {
    const parallel = { ...base, is_alternate_art: true, image_name: 'OP01-001_p1', image_url: 'https://example.test/p1.png' };
    const { prints } = buildCatalogue([parallel, base]);
    expect(prints.map((p) => [p.cardNumber, p.variant, p.isVariation])).toEqual([
      ['OP01-001', null, false],
      ['OP01-001', 'p1', true],
    ]);
  });
  it('reports invalid and duplicate records instead of dropping them silently', () => {
    const { prints, skipped } = buildCatalogue([base, base, { ...base, card_type: 'DON' }, { ...base, image_name: 'X', colors: ['Pink'] }]);
    expect(prints).toHaveLength(1);
    expect(skipped.map((s) => s.index)).toEqual([1, 2, 3]);
    expect(skipped[0]?.reason).toMatch(/^duplicate print/);
    expect(skipped[1]?.reason).toMatch(/^invalid record: card_type/);
    expect(skipped[2]?.reason).toMatch(/^unknown color/);
  });
  it('reads the whole package library: every print, 2,785 numbers, 190 products', () => {
    const raw = loadPackageCards();
    const { prints, sets, skipped } = buildCatalogue(raw);
    expect(skipped).toEqual([]);
    expect(prints.length).toBe(raw.length);
    expect(new Set(prints.map((p) => p.cardNumber)).size).toBe(2785);
    expect(sets).toHaveLength(190);
    expect(new Set(sets.map((s) => s.slug)).size).toBe(sets.length);
  });
});
