/**
 * The price parsers run in linear time, like every parser of user text (parsers.security.test.ts; docs/security-suite.md):
 * the admin's price CSV (Liga One Piece, MYP Cards) at its maximum size, and the product names, version texts and
 * timestamps the Cardmarket and CardTrader feeds send, at 20,000 characters. fast-check feeds them adversarial strings
 * (a short prefix and a short unit of grammar pieces repeated, the shape catastrophic backtracking needs); each answer
 * must be well shaped and come within a fixed time bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvFileError, MAX_IMPORT_LINE_LENGTH, MAX_IMPORT_ROWS } from '../formats/collection-csv';
import { CURRENCY_CODES } from '../money/currencies';
import { parsePrice } from '../money/money';
import { parseCardmarketDate, parseCardmarketProducts } from '../prices/cardmarket';
import { parseCardtraderBlueprints } from '../prices/cardtrader';
import { MAX_PRICE_CENTS } from '../prices/model';
import { MAX_ERROR_TEXT, parsePriceCsv, PriceCsvError, type ParsedPriceCsv } from '../prices/price-csv';
import { timed } from './timing';

/** Time bound for one parse of 20,000 characters. */
const BOUND_MS = 50;
/** Time bound for one parse of a maximum-size (10 MB) import file. */
const BOUND_10MB_MS = 4_000;
const TEN_MB = 10 * 1024 * 1024;
/** The length of the hostile names, versions and texts. */
const SIZE = 20_000;

/** What the price CSV reader threw, if it did: CsvFileError and PriceCsvError problems are answers, anything else fails. */
function outcome(fn: () => ParsedPriceCsv): ParsedPriceCsv | { problem: string } {
  try {
    return fn();
  } catch (err) {
    if (err instanceof CsvFileError || err instanceof PriceCsvError) return { problem: err.problem };
    throw err;
  }
}

/** Grammar pieces of the price files and the feeds' names: columns, delimiters, quotes, amounts, numbers, brackets. */
const ATOMS = [
  '1', '0', '99', ' ', '  ', '\t', '\u00a0', ',', ';', ',,', ';;', '"', '""', '\n', '\r', '\r\n', '.', '-', '--', '(', ')', '((', '))',
  '( ', ' )', 'card_number', 'variant', 'min', 'avg', 'max', 'currency', 'Card_Number,Variant,Min,Avg,Max,Currency\n', 'BRL', 'usd', 'XXX',
  'p1', 'r12', 'p', 'OP01-077', 'op01-0', 'OP01-', 'P-001', 'P-', 'PRB01-001', 'ST10-001', 'EB01-', '2.399,00', '24,00', '1,234.56',
  '1.', ',5', 'R$', 'R$ ', '€', '1e10', '-1', 'Parallel', 'alternate', 'art', 'Box Topper', 'sp', 'Manga', '+0100', '+01:00', 'Z',
  '2025-12-01T02:45:12', 'T', ':', '\u0000', '\uFEFF', '😀', 'İ', 'K',
];
const atom = fc.constantFrom(...ATOMS);

/** A string of exactly `size` characters: a short prefix, then a short unit repeated, then a short suffix. */
const adversarial = (size: number) =>
  fc.tuple(fc.array(atom, { maxLength: 3 }), fc.array(atom, { minLength: 1, maxLength: 5 }), fc.array(atom, { maxLength: 3 })).map(([prefix, unit, suffix]) => {
    const head = prefix.join('');
    const tail = suffix.join('');
    const body = unit.join('');
    const fill = Math.max(0, size - head.length - tail.length);
    return (head + body.repeat(Math.ceil(fill / body.length) + 1).slice(0, fill) + tail).slice(0, size);
  });

const CARD_NUMBER = /^(?:[A-Z]{2,3}\d{2}|P)-\d{3}$/;
const KNOWN_TAGS = ['parallel', 'manga', 'sp', 'tr', 'alt-art', 'box-topper'];
const ROW_CODES = ['INVALID_NUMBER', 'INVALID_VARIANT', 'INVALID_PRICE', 'INVALID_CURRENCY', 'NO_PRICE', 'DUPLICATE'];
const isCents = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0 && v <= MAX_PRICE_CENTS);

function expectWellShaped(value: ParsedPriceCsv | { problem: string }, lines: number) {
  if ('problem' in value) {
    expect(['EMPTY', 'MISSING_COLUMNS', 'LINE_TOO_LONG', 'TOO_MANY_ROWS']).toContain(value.problem);
    return;
  }
  for (const r of value.rows) {
    expect(r.number).toMatch(CARD_NUMBER);
    if (r.variant !== null) expect(r.variant).toMatch(/^[pr]\d{1,2}$/);
    expect(CURRENCY_CODES).toContain(r.currency);
    expect(isCents(r.min) && isCents(r.avg) && isCents(r.max)).toBe(true);
    expect(r.min ?? r.avg ?? r.max).not.toBeNull();
    expect(r.line).toBeGreaterThanOrEqual(1);
    expect(r.line).toBeLessThanOrEqual(lines);
  }
  for (const e of value.errors) {
    expect(ROW_CODES).toContain(e.code);
    expect(e.text.length).toBeLessThanOrEqual(MAX_ERROR_TEXT);
    expect(e.line).toBeLessThanOrEqual(lines);
  }
}

describe('price CSV parser (Liga One Piece and MYP Cards price upload)', () => {
  it(`reads any ${SIZE}-character text in under ${BOUND_MS} ms, answering rows and row errors or a file problem`, () => {
    parsePriceCsv('card_number,variant,min,avg,max,currency\nOP01-077,,"24,00",,,BRL\n'); // warm up
    const header = fc.constantFrom('card_number,variant,min,avg,max,currency\n', 'currency;max;avg;min;variant;card_number\n', 'card_number\tvariant\tmin\tavg\tmax\tcurrency\n');
    fc.assert(
      fc.property(fc.oneof(adversarial(SIZE), fc.tuple(header, adversarial(SIZE)).map(([h, s]) => (h + s).slice(0, SIZE))), (text) => {
        const { ms, value } = timed(() => outcome(() => parsePriceCsv(text)));
        expectWellShaped(value, text.split(/\r\n|\r|\n/).length);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  const header = 'card_number,variant,min,avg,max,currency,note\n';
  /** Row i of a valid file: a distinct (number, variant) per row, quoted BRL amounts, a note of doubled quotes. */
  const validRow = (i: number, noteLength: number) => {
    const number = `OP01-${String((i % 999) + 1).padStart(3, '0')}`;
    const v = Math.floor(i / 999);
    const variant = v === 0 ? '' : v < 100 ? `p${v}` : `r${v - 99}`;
    const note = 'a ""b"" '.repeat(Math.ceil(noteLength / 8)).slice(0, noteLength).replace(/"$/, ' ');
    return `${number},${variant},"24,00","658,00","2.399,00",BRL,"${note}"\n`;
  };
  const maxSize: [string, () => string, string][] = [
    ['a 10 MB header of commas', () => ','.repeat(TEN_MB), 'LINE_TOO_LONG'],
    ['10 MB of lines of commas, each at the length limit', () => `${','.repeat(MAX_IMPORT_LINE_LENGTH)}\n`.repeat(Math.floor(TEN_MB / (MAX_IMPORT_LINE_LENGTH + 1))), 'EMPTY'],
    ['10 MB of rows of 1,000 one-letter cells', () => `${'a,'.repeat(MAX_IMPORT_LINE_LENGTH / 2)}\n`.repeat(Math.floor(TEN_MB / (MAX_IMPORT_LINE_LENGTH + 1))), 'MISSING_COLUMNS'],
    ['a quote opened and never closed, then 10 MB of rows', () => `${header}"OP01-001,,1,,,USD\n${'OP01-001,,1,,,USD\n'.repeat(Math.floor(TEN_MB / 18))}`, 'TOO_MANY_ROWS'],
    ['a quote opened and never closed over many lines', () => `${header}OP01-001,,1,,,"${'USD\n'.repeat(40_000)}`, 'LINE_TOO_LONG'],
    ['10 MB of bare line ends', () => '\n'.repeat(TEN_MB), 'EMPTY'],
    [`${MAX_IMPORT_ROWS - 1} valid rows of about 200 characters, quoted amounts and doubled quotes (10 MB)`, () => header + Array.from({ length: MAX_IMPORT_ROWS - 1 }, (_, i) => validRow(i, 150)).join(''), 'rows'],
    ['5,000 bad rows at the length limit (10 MB), each error text cut to 200 characters', () => header + `${'x'.repeat(MAX_IMPORT_LINE_LENGTH - 10)},,1,,,USD\n`.repeat(5_000), 'errors'],
    ['5,000 rows of 1,000 filled cells past the header (10 MB)', () => header + `OP01-001,,1,,,USD,${',x'.repeat(990)}\n`.repeat(5_000), 'errors'],
  ];
  for (const [name, make, expected] of maxSize) {
    it(`answers ${name} in linear time (${expected})`, () => {
      const text = make();
      expect(text.length).toBeLessThanOrEqual(TEN_MB + 64);
      const t0 = performance.now();
      const value = outcome(() => parsePriceCsv(text));
      const ms = performance.now() - t0;
      console.info(`${name}: ${ms.toFixed(0)} ms`);
      if (expected === 'rows') {
        expect('rows' in value && value.errors).toEqual([]);
        expect('rows' in value && value.rows.length).toBe(MAX_IMPORT_ROWS - 1);
        expect('rows' in value && value.rows.at(-1)).toMatchObject({ line: MAX_IMPORT_ROWS, number: 'OP01-049', variant: 'p50', min: 2400, avg: 65800, max: 239900, currency: 'BRL' });
      } else if (expected === 'errors') {
        expect('rows' in value && value.rows).toEqual([]);
        expect('errors' in value && value.errors.length).toBe(5_000);
        expect('errors' in value && value.errors.every((e) => e.text.length <= MAX_ERROR_TEXT)).toBe(true);
      } else expect(value).toEqual({ problem: expected });
      expect(ms).toBeLessThan(BOUND_10MB_MS);
    });
  }
});

describe('prices typed in forms and file cells (parsePrice)', () => {
  // Once a unit test with single timings beside every other unit file: moved here to run alone, best of three.
  it(`reads hostile text of the largest size a form or file cell allows in under ${BOUND_MS} ms`, () => {
    parsePrice('R$ 1.234,56', 'BRL'); // warm up
    for (const hostile of ['1.'.repeat(10_000), '1 '.repeat(10_000), `${'9'.repeat(19_999)},`, ',.'.repeat(10_000), `R$${' '.repeat(19_990)}1`]) {
      const { ms, value } = timed(() => parsePrice(hostile, 'BRL'));
      expect(typeof value.ok).toBe('boolean');
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });
});

describe('Cardmarket product names and timestamps', () => {
  it(`reads the card number of any ${SIZE}-character name in under ${BOUND_MS} ms`, () => {
    parseCardmarketProducts({ products: [{ idProduct: 1, name: 'Roronoa Zoro (OP01-001)' }] }); // warm up
    fc.assert(
      fc.property(adversarial(SIZE), (name) => {
        const { ms, value } = timed(() => parseCardmarketProducts({ products: [{ idProduct: 1, name, idExpansion: 5229 }] }));
        expect(value).toHaveLength(1);
        const [product] = value;
        if (product!.number !== null) expect(product!.number).toMatch(CARD_NUMBER);
        if (product!.url !== null) expect(product!.url.length).toBeLessThan(1_300);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  it('answers hostile names of nested and unclosed parentheses in linear time', () => {
    for (const name of ['('.repeat(SIZE), ')'.repeat(SIZE), '()'.repeat(SIZE / 2), '(OP01-00'.repeat(SIZE / 8), `${'(OP01-001'.repeat(SIZE / 9 - 1)}(OP01-002)`, `(${' '.repeat(SIZE - 2)})`]) {
      const { ms, value } = timed(() => parseCardmarketProducts({ products: [{ idProduct: 1, name }] }));
      expect(value[0]!.number).toBe(name.endsWith('(OP01-002)') ? 'OP01-002' : null);
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });

  it('reads a product list of 50,000 hostile 200-character names in linear time', () => {
    const products = Array.from({ length: 50_000 }, (_, i) => ({ idProduct: i + 1, name: `${'(OP01-0'.repeat(28)}(OP01-${String((i % 999) + 1).padStart(3, '0')})` }));
    const { ms, value } = timed(() => parseCardmarketProducts({ products }));
    expect(value).toHaveLength(50_000);
    expect(value[49_999]!.number).toBe('OP01-050');
    expect(ms).toBeLessThan(BOUND_10MB_MS);
  });

  it(`reads any ${SIZE}-character timestamp in under ${BOUND_MS} ms`, () => {
    fc.assert(
      fc.property(adversarial(SIZE), (text) => {
        const { ms, value } = timed(() => parseCardmarketDate(text));
        if (value !== null) expect(Number.isFinite(Date.parse(value))).toBe(true);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 100 },
    );
  });
});

describe('CardTrader blueprint names, versions and numbers', () => {
  it(`reads any ${SIZE}-character name, version and collector number in under ${BOUND_MS} ms`, () => {
    parseCardtraderBlueprints([{ id: 1, name: 'Alvida', version: 'Parallel', fixed_properties: { collector_number: 'OP01-064' } }]); // warm up
    fc.assert(
      fc.property(adversarial(SIZE), adversarial(SIZE), (name, version) => {
        const { ms, value } = timed(() =>
          parseCardtraderBlueprints([{ id: 1, name, version, game_id: 15, fixed_properties: { collector_number: version }, card_market_ids: [1], tcg_player_id: 2 }], { code: name, name }),
        );
        expect(value).toHaveLength(1);
        const [product] = value;
        expect(product!.setCode).toBeNull();
        expect(product!.sealed).toBe(product!.number === null);
        for (const tag of product!.tags) expect(KNOWN_TAGS.includes(tag) || tag.startsWith('?')).toBe(true);
        expect(new Set(product!.tags).size).toBe(product!.tags.length);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  it('reads an export of 50,000 blueprints with hostile 200-character versions in linear time', () => {
    const blueprints = Array.from({ length: 50_000 }, (_, i) => ({ id: i + 1, name: 'x'.repeat(200), version: 'alternate '.repeat(20), fixed_properties: { collector_number: 'OP01-001' } }));
    const { ms, value } = timed(() => parseCardtraderBlueprints(blueprints));
    expect(value).toHaveLength(50_000);
    expect(value[0]!.tags).toEqual(['?alternate']);
    expect(ms).toBeLessThan(BOUND_10MB_MS);
  });
});
