import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardmarketNumberOf, cardmarketPriceGuideSteps, cardmarketProductsSteps, parseCardmarketDate, parseCardmarketPriceGuide, parseCardmarketProducts } from './cardmarket';
import { MAX_PRICE_CENTS } from './model';

/**
 * Samples of fixtures/formats/cardmarket (a copy of the team's shared/data/formats/cardmarket): HAND-WRITTEN following the documented shape of Cardmarket's public S3
 * downloads (its README); ids illustrative except 690368, which a public script reports as OP01-001 Zoro (trend ~2.48).
 */
const sample = (file: string) => JSON.parse(readFileSync(new URL(`../../../../fixtures/formats/cardmarket/${file}`, import.meta.url), 'utf8')) as unknown;

describe('Cardmarket price guide', () => {
  it('reads the sample: EUR cents, min = low, avg = avg, trend = trend, no max, createdAt in UTC', () => {
    const guide = parseCardmarketPriceGuide(sample('price_guide_18.example.json'));
    expect(guide.createdAt).toBe('2025-12-01T01:45:12.000Z');
    expect(guide.prices).toEqual([
      { productId: '690368', currency: 'EUR', min: 50, avg: 261, max: null, trend: 248 },
      { productId: '690369', currency: 'EUR', min: 54900, avg: 65500, max: null, trend: 63000 },
      // Non-foil figures present: the foil ones (0.02 / 0.30 / 0.20) are not used.
      { productId: '690370', currency: 'EUR', min: 2, avg: 11, max: null, trend: 7 },
      // 689999 has no foil keys at all, and no avg1/7/30.
      { productId: '689999', currency: 'EUR', min: 16900, avg: 18990, max: null, trend: 18532 },
    ]);
  });

  it('uses the -foil figures when low and avg are null or absent', () => {
    const guide = parseCardmarketPriceGuide({
      createdAt: '2025-12-01T02:45:12+0100',
      priceGuides: [
        { idProduct: 1, low: null, avg: null, trend: 1.5, 'low-foil': 3.1, 'avg-foil': 4.05, 'trend-foil': 3.99 },
        { idProduct: 2, 'low-foil': 0.1, 'avg-foil': null },
        // No figure at all, foil or not: nothing to keep.
        { idProduct: 3, low: null, avg: null, trend: null, 'low-foil': null },
        // Only a trend: kept, with null min and avg.
        { idProduct: 4, trend: 0.07 },
      ],
    });
    expect(guide.prices).toEqual([
      { productId: '1', currency: 'EUR', min: 310, avg: 405, max: null, trend: 399 },
      { productId: '2', currency: 'EUR', min: 10, avg: null, max: null, trend: null },
      { productId: '4', currency: 'EUR', min: null, avg: null, max: null, trend: 7 },
    ]);
  });

  it('turns negative, absurd and non-number figures into null and skips rows without a product id', () => {
    const guide = parseCardmarketPriceGuide({
      priceGuides: [
        { idProduct: 10, low: -1, avg: 'cheap', trend: MAX_PRICE_CENTS / 100 + 1 },
        { idProduct: 11, low: 0, avg: 1e7, trend: 2.675 },
        { idProduct: 'x', low: 1 },
        { low: 1 },
        null,
        'junk',
        { idProduct: 11, low: 9 }, // a repeated id: the first row stands
        { idProduct: '12', low: 0.1, unknownKey: { deep: true } },
      ],
    });
    expect(guide.createdAt).toBeNull();
    expect(guide.prices).toEqual([
      { productId: '11', currency: 'EUR', min: 0, avg: 1_000_000_000, max: null, trend: 268 },
      { productId: '12', currency: 'EUR', min: 10, avg: null, max: null, trend: null },
    ]);
    // 10 had only bad figures: nothing usable, skipped.
  });

  it('refuses a document that is not a price guide, naming it', () => {
    expect(() => parseCardmarketPriceGuide(null)).toThrow(/Cardmarket price guide/);
    expect(() => parseCardmarketPriceGuide([])).toThrow(/Cardmarket price guide/);
    expect(() => parseCardmarketPriceGuide({ products: [] })).toThrow(/priceGuides/);
    expect(() => parseCardmarketPriceGuide(sample('products_singles_18.example.json'))).toThrow(/Cardmarket price guide/);
  });
});

describe('Cardmarket dates', () => {
  it('reads offsets with and without a colon, Z and fractions', () => {
    expect(parseCardmarketDate('2025-12-01T02:45:12+0100')).toBe('2025-12-01T01:45:12.000Z');
    expect(parseCardmarketDate('2025-12-01T00:15:00+01:00')).toBe('2025-11-30T23:15:00.000Z');
    expect(parseCardmarketDate('2025-06-30T23:30:00-0230')).toBe('2025-07-01T02:00:00.000Z');
    expect(parseCardmarketDate('2025-12-01T02:45:12Z')).toBe('2025-12-01T02:45:12.000Z');
    expect(parseCardmarketDate('2025-12-01 02:45:12.5+0000')).toBe('2025-12-01T02:45:12.500Z');
    expect(parseCardmarketDate(' 2024-02-29T12:00:00.123456+0000 ')).toBe('2024-02-29T12:00:00.123Z');
  });

  it('refuses dates without an offset, impossible dates and junk', () => {
    for (const text of [
      '2025-12-01 02:45:12', // products' dateAdded: no zone
      '2025-02-30T00:00:00+0100',
      '2025-13-01T00:00:00+0100',
      '2025-12-01T24:00:00+0100',
      '2025-12-01T02:45:12+2500',
      '2025-12-01T02:45:12+01',
      '2025-12-01T02:45:12.+0100',
      '2025-12-01T02:45:12 +0100',
      '2025-12-0aT02:45:12+0100',
      '',
      'yesterday',
      `2025-12-01T02:45:12${'0'.repeat(10_000)}+0100`,
    ]) {
      expect(parseCardmarketDate(text), text.slice(0, 40)).toBeNull();
    }
    expect(parseCardmarketPriceGuide({ createdAt: 'soon', priceGuides: [] })).toEqual({ createdAt: null, prices: [] });
    expect(parseCardmarketPriceGuide({ createdAt: 42, priceGuides: [] })).toEqual({ createdAt: null, prices: [] });
  });
});

describe('Cardmarket product list', () => {
  it('reads the sample: number from the name, idExpansion as set name, a search link', () => {
    expect(parseCardmarketProducts(sample('products_singles_18.example.json'))).toEqual([
      {
        productId: '690368',
        name: 'Roronoa Zoro (OP01-001)',
        number: 'OP01-001',
        setCode: null,
        setName: '5229',
        sealed: false,
        tags: [],
        url: 'https://www.cardmarket.com/en/OnePiece/Products/Search?searchString=OP01-001',
      },
      expect.objectContaining({ productId: '690369', number: 'OP01-001', setName: '5229' }),
      expect.objectContaining({ productId: '690370', name: 'Nami (OP01-016)', number: 'OP01-016', url: expect.stringContaining('searchString=OP01-016') }),
    ]);
  });

  it('finds the last parenthesised group that is a card number', () => {
    expect(cardmarketNumberOf('Roronoa Zoro (OP01-001)')).toBe('OP01-001');
    expect(cardmarketNumberOf('Uta (st10-001)')).toBe('ST10-001');
    expect(cardmarketNumberOf('Sanji (EB01-012) ')).toBe('EB01-012');
    expect(cardmarketNumberOf('Luffy (PRB01-001) (V.2)')).toBe('PRB01-001');
    expect(cardmarketNumberOf('Luffy ( P-001 )')).toBe('P-001');
    expect(cardmarketNumberOf('Luffy (OP01-024) (OP05-119)')).toBe('OP05-119');
    expect(cardmarketNumberOf('Luffy ((OP01-024))')).toBe('OP01-024');
    for (const name of ['Luffy', 'Luffy (Parallel)', 'Luffy (OP01-0241)', 'Luffy (OP1-024)', 'Luffy OP01-024', 'Luffy (OP01-024', 'Luffy )OP01-024(', 'DON!! Card (021)']) {
      expect(cardmarketNumberOf(name), name).toBeNull();
    }
  });

  it('keeps products without a number (search by name), skips malformed rows and repeated ids', () => {
    const products = parseCardmarketProducts({
      products: [
        { idProduct: 1, name: 'DON!! Card & Co', idExpansion: null },
        { idProduct: 2, name: '' },
        { idProduct: -3, name: 'Negative' },
        { name: 'No id' },
        42,
        { idProduct: 1, name: 'Again (OP01-001)' },
        { idProduct: '4', name: 'Nami (OP01-016)', idExpansion: 'x', extra: [1, 2] },
      ],
    });
    expect(products.map((p) => [p.productId, p.number, p.setName, p.url])).toEqual([
      ['1', null, null, 'https://www.cardmarket.com/en/OnePiece/Products/Search?searchString=DON!!%20Card%20%26%20Co'],
      ['4', 'OP01-016', 'x', 'https://www.cardmarket.com/en/OnePiece/Products/Search?searchString=OP01-016'],
    ]);
  });

  it('refuses a document that is not a product list, naming it', () => {
    expect(() => parseCardmarketProducts({ priceGuides: [] })).toThrow(/Cardmarket product list/);
    expect(() => parseCardmarketProducts('[]')).toThrow(/Cardmarket product list/);
    expect(() => parseCardmarketProducts({ products: {} })).toThrow(/Cardmarket product list/);
  });
});

describe('Cardmarket files read in steps (issue 46: no admin price file holds the server over 50 ms)', () => {
  /** The steps a generator takes, and what it returns. */
  const stepsOf = <T>(steps: Generator<void, T>) => {
    let count = 0;
    let step = steps.next();
    while (!step.done) {
      count++;
      step = steps.next();
    }
    return { count, value: step.value };
  };

  it('reads a 65,000-row price guide and product list in steps of a few thousand rows, as the one-go readers do', () => {
    const guide = { createdAt: '2026-11-29T00:00:00+0100', priceGuides: Array.from({ length: 65_000 }, (_, i) => ({ idProduct: 900_000 + i, low: 0.5, avg: 1.1, trend: 1.2 })) };
    const products = { products: Array.from({ length: 65_000 }, (_, i) => ({ idProduct: 900_000 + i, name: `Card ${i} (OP01-001)`, idExpansion: 1 })) };
    const guideSteps = stepsOf(cardmarketPriceGuideSteps(guide));
    expect(guideSteps.count).toBeGreaterThanOrEqual(30);
    expect(guideSteps.value).toEqual(parseCardmarketPriceGuide(guide));
    expect(guideSteps.value.prices).toHaveLength(65_000);
    const productSteps = stepsOf(cardmarketProductsSteps(products));
    expect(productSteps.count).toBeGreaterThanOrEqual(30);
    expect(productSteps.value).toEqual(parseCardmarketProducts(products));
  });
});
