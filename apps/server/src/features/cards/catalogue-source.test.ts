import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLOCK_CORRECTIONS, buildCatalogue, loadPackageCards, parseSetLabel } from './catalogue-source';

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

  it('corrects the package\'s block icons by the table and says what it changed', () => {
    const op05 = { ...base, card_number: 'OP05-001', image_name: 'OP05-001', block_icon: '1', card_sets: '-AWAKENING OF THE NEW ERA- [OP-05]' };
    const op05Parallel = { ...op05, image_name: 'OP05-001_p1', block_icon: '2' };
    const reprintNewer = { ...op05, image_name: 'OP05-001_p2', block_icon: '4', card_sets: 'STARTER DECK -X- [ST-99]' };
    const { prints, corrected } = buildCatalogue([base, op05, op05Parallel, reprintNewer]);
    const blockOf = (image: string) => prints.find((p) => p.sourceKey.startsWith(`${image}@`))!.blockIcon;
    expect([blockOf('OP01-001'), blockOf('OP05-001'), blockOf('OP05-001_p1'), blockOf('OP05-001_p2')]).toEqual(['1', '2', '2', '4']);
    expect(corrected).toEqual([{ rule: 'numbers of OP-05 → block 2', prints: 1, from: ['1'], to: '2' }]);
    // The corrected print's hash is that of the print as corrected, so an existing library is updated.
    const { sourceHash, ...fields } = prints.find((p) => p.sourceKey.startsWith('OP05-001@'))!;
    const sha1 = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');
    expect(sourceHash).toBe(sha1(fields));
    expect(sourceHash).not.toBe(sha1({ ...fields, blockIcon: '1' }));
  });

  it('leaves every booster set\'s own prints on one block after correction (the package says OP-05 is 91 × "1", 56 × "2")', () => {
    const { prints, sets, corrected } = buildCatalogue(loadPackageCards());
    const setOf = new Map(sets.map((s) => [s.sourceKey, s]));
    const blocks = new Map<string, Set<string>>();
    for (const p of prints) {
      const set = p.setSourceKey ? setOf.get(p.setSourceKey) : undefined;
      if (set?.kind !== 'booster' || !set.code || !p.cardNumber.startsWith(`${set.code.replace('-', '')}-`)) continue;
      // "X" prints (OP-16, OP-17) are not a block number: not rotated, not compared.
      if (p.blockIcon === null || !/^\d+$/.test(p.blockIcon)) continue;
      blocks.set(set.code, (blocks.get(set.code) ?? new Set()).add(p.blockIcon));
    }
    expect(blocks.size).toBeGreaterThanOrEqual(15);
    expect([...blocks].filter(([, b]) => b.size > 1)).toEqual([]);
    expect([...blocks.get('OP-05')!]).toEqual(['2']);
    expect(corrected).toEqual([{ rule: 'numbers of OP-05 → block 2', prints: 93, from: ['1'], to: '2' }]);
    expect(BLOCK_CORRECTIONS.numbers['OP-05']).toBe('2');
  });

  it('gives every print of a number the block that judges the number under rotation, and the set of that print', () => {
    const { prints } = buildCatalogue(loadPackageCards());
    const of = (n: string) => [...new Set(prints.filter((p) => p.cardNumber === n).map((p) => `${p.rotationBlock}@${p.rotationSet}`))];
    // Reprinted in ST-31 with a newer icon (the X icon, block 4): the number stays legal.
    expect(of('OP01-016')).toEqual(['X@ST-31']);
    expect(of('OP04-016')).toEqual(['4@ST-31']);
    // Only block 1 prints: judged by its own set's.
    expect(of('OP01-017')).toEqual(['1@OP-01']);
    // OP-05 after the block correction.
    expect(of('OP05-001')).toEqual(['2@OP-05']);
  });
});

describe('set release days', () => {
  it('dates every booster from OP-01 to OP-17, in the order of their numbers, each with a source', async () => {
    const { SET_RELEASE_DATES } = await import('./catalogue-source');
    const boosters = Object.entries(SET_RELEASE_DATES).filter(([code]) => code.startsWith('OP-'));
    expect(boosters.map(([code]) => code.slice(0, 5))).toEqual(Array.from({ length: 17 }, (_, i) => `OP-${String(i + 1).padStart(2, '0')}`));
    const days = boosters.map(([, r]) => r.date);
    expect(days).toEqual([...days].sort());
    for (const [code, r] of Object.entries(SET_RELEASE_DATES)) {
      expect(r.date, code).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(r.source, code).toMatch(/^https:\/\//);
    }
  });
});
