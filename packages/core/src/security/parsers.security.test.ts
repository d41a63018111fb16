/**
 * Every parser of user text runs in linear time: fed adversarial strings of the maximum allowed size, each answers
 * correctly-shaped results well within a fixed time bound. An input that triggered super-linear backtracking (the
 * deck-list regexes once took 52 s on 8 KB of `1`, spaces and `!`) would take seconds here, not milliseconds.
 * How to add a parser: docs/security-suite.md.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deckRulesOf } from '../decks/card-rules';
import { MAX_DECK_LIST_LENGTH, MAX_ERROR_TEXT, parseDeckList } from '../decks/deck-list';
import { CsvFileError, MAX_IMPORT_LINE_LENGTH, MAX_IMPORT_ROWS, parseCardCsv, parseCardCsvCooperative, splitCsvRecords } from '../formats/collection-csv';
import { parsePriceCsvCooperative } from '../prices/price-csv';
import { MAX_READINGS, readCardNumbers } from '../scan/card-number';

/** Time bound for one parse of MAX_DECK_LIST_LENGTH (20,000) characters. */
const BOUND_MS = 50;
/** Time bound for one parse of a maximum-size (10 MB) import file. */
const BOUND_10MB_MS = 4_000;
const TEN_MB = 10 * 1024 * 1024;

/** The fastest of three runs: a machine busy with other tests slows a run, only super-linear work slows all three. */
function timed<T>(fn: () => T): { ms: number; value: T } {
  let best = Infinity;
  let value!: T;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    value = fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, value };
}

/** What a parser threw, if it did: CsvFileError problems are answers, anything else fails the test. */
function outcome<T>(fn: () => T): T | { problem: string } {
  try {
    return fn();
  } catch (err) {
    if (err instanceof CsvFileError) return { problem: err.problem };
    throw err;
  }
}

/** Pieces that the parsers' grammars care about: quantities, separators, brackets, card numbers, keywords, quotes. */
const ATOMS = [
  '1', '4', '99', '0', ' ', '  ', '\t', '\u00a0', '!', '!!', 'x', 'X', '×', '(', ')', '((', '-', '_', '_p', '_p1',
  'OP01-001', 'OP01-00', 'op05-041_p1', 'P-001', 'P-', 'PRB01-001', 'ST', 'EB01-', 'DON', 'don!!', 'Leader', 'Total',
  '#', '//', ':', 'a', 'Luffy', '.', '"', '""', ',', ';', ',,', '\n', '\r', '\r\n', 'R$', '1.234,56', '1e10',
  'quantity', 'number', 'edition', 'OP-01', '\u0000', '\uFEFF', '😀', 'İ', 'K',
];
const atom = fc.constantFrom(...ATOMS);

/** A string of exactly `size` characters: a short prefix, then a short unit repeated (the shape ReDoS needs). */
const adversarial = (size: number) =>
  fc.tuple(fc.array(atom, { maxLength: 3 }), fc.array(atom, { minLength: 1, maxLength: 5 }), fc.array(atom, { maxLength: 3 })).map(([prefix, unit, suffix]) => {
    const head = prefix.join('');
    const tail = suffix.join('');
    const body = unit.join('');
    const fill = Math.max(0, size - head.length - tail.length);
    return (head + body.repeat(Math.ceil(fill / body.length) + 1).slice(0, fill) + tail).slice(0, size);
  });

/** 10 MB of binder CSV rows (just under the row limit) whose name cell is quotes inside an unquoted field. */
const QUOTE_HEAVY = `quantity,number,name\n${`1,OP01-001,x${'"'.repeat(196)}\n`.repeat(MAX_IMPORT_ROWS - 1)}`;

const CARD_NUMBER = /^(?:(?:OP|ST|EB|PRB)\d{2}-\d{3}|P-\d{3})$/;
/** The collection CSV reader also passes numbers shaped like an unknown product's (ZZ99-001): the import refuses them by name. */
const CARD_NUMBER_SHAPE = /^[A-Z]{1,4}\d{0,3}-\d{3}$/;

describe('deck list parser (validate endpoint, deck import, OPTCG Sim binder import)', () => {
  it('answers the reported ReDoS input (1, spaces, !) at the maximum length in linear time', () => {
    const text = `1${' '.repeat(MAX_DECK_LIST_LENGTH - 2)}!`;
    const { ms, value } = timed(() => parseDeckList(text));
    expect(value).toEqual({ entries: [], errors: [{ line: 1, text: text.slice(0, MAX_ERROR_TEXT), reason: 'NO_CARD_NUMBER' }] });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it(`reads any ${MAX_DECK_LIST_LENGTH}-character text in under ${BOUND_MS} ms, with well-formed entries and errors`, () => {
    parseDeckList('4xOP01-016'); // warm up
    fc.assert(
      fc.property(adversarial(MAX_DECK_LIST_LENGTH), (text) => {
        const { ms, value } = timed(() => parseDeckList(text));
        const lines = text.split(/\r\n|\r|\n/).length;
        expect(value.entries.length + value.errors.length).toBeLessThanOrEqual(lines);
        for (const e of value.entries) {
          expect(e.cardNumber).toMatch(CARD_NUMBER);
          expect(e.quantity).toBeGreaterThanOrEqual(1);
          expect(e.quantity).toBeLessThanOrEqual(99);
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(lines);
        }
        for (const e of value.errors) expect(e.text.length).toBeLessThanOrEqual(MAX_ERROR_TEXT);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps finding cards among hostile lines', () => {
    const hostile = `1${' '.repeat(5_000)}!\n((((((((((((((((((((\n4xOP01-016\n${'x'.repeat(5_000)}\n2 Luffy (OP01-024) x2`;
    const { value } = timed(() => parseDeckList(hostile));
    expect(value.entries.map((e) => [e.line, e.quantity, e.cardNumber])).toEqual([
      [3, 4, 'OP01-016'],
      [5, 2, 'OP01-024'],
    ]);
    expect(value.errors.map((e) => e.line)).toEqual([1, 2, 4]);
  });
});

describe("deck-building clause reader (a card's text, e.g. a print added by hand)", () => {
  // Once a unit test of its own with a single timing, run beside every other unit file: it failed one run in five of
  // \`npm test\` at 50.09 ms. Here, with the other timed files, alone and as the fastest of three runs.
  it(`reads any text of the maximum card-text size (20,000 characters) in under ${BOUND_MS} ms`, () => {
    deckRulesOf('Under the rules of this game, you may have any number of this card in your deck.'); // warm up
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (piece) => {
        const text = `Under the rules of this game, ${piece}`.repeat(Math.ceil(20_000 / (31 + piece.length)));
        const { ms, value } = timed(() => deckRulesOf(text));
        expect(Array.isArray(value)).toBe(true);
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 50 },
    );
  });
});

describe('card-number reader (the scanner, OCR text of a card corner)', () => {
  it(`reads any ${MAX_DECK_LIST_LENGTH}-character text in under ${BOUND_MS} ms, answering well-formed numbers`, () => {
    readCardNumbers('OP05-119'); // warm up
    fc.assert(
      fc.property(adversarial(MAX_DECK_LIST_LENGTH), (text) => {
        const { ms, value } = timed(() => readCardNumbers(text));
        expect(value.length).toBeLessThanOrEqual(MAX_READINGS);
        for (const r of value) {
          expect(r.cardNumber).toMatch(CARD_NUMBER);
          expect(r.corrections).toBeGreaterThanOrEqual(0);
        }
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });
});

describe('collection CSV parser (Liga and generic binder import)', () => {
  it(`reads any ${MAX_DECK_LIST_LENGTH}-character text in under ${BOUND_MS} ms, answering rows or a file problem`, () => {
    parseCardCsv('quantity,number\n1,OP01-001\n'); // warm up
    fc.assert(
      fc.property(fc.oneof(adversarial(MAX_DECK_LIST_LENGTH), adversarial(MAX_DECK_LIST_LENGTH).map((s) => `quantity;edition;number;price\n${s}`)), (text) => {
        const { ms, value } = timed(() => outcome(() => parseCardCsv(text)));
        if ('problem' in value) {
          expect(['NO_DATA_ROWS', 'FORMAT_NOT_IMPLEMENTED', 'LINE_TOO_LONG', 'TOO_MANY_ROWS']).toContain(value.problem);
        } else {
          for (const r of value.rows) {
            expect(r.number).toMatch(CARD_NUMBER_SHAPE);
            expect(Number.isInteger(r.quantity) && r.quantity >= 1 && r.quantity <= 9999).toBe(true);
            if (r.price !== null) expect(r.price).toBeLessThanOrEqual(1_000_000);
          }
        }
        expect(ms).toBeLessThan(BOUND_MS);
      }),
      { numRuns: 150 },
    );
  });

  const maxSize: [string, () => string, string][] = [
    ['a 10 MB header of commas', () => ','.repeat(TEN_MB), 'LINE_TOO_LONG'],
    ['10 MB of lines of commas, each at the length limit', () => `${','.repeat(MAX_IMPORT_LINE_LENGTH)}\n`.repeat(Math.floor(TEN_MB / (MAX_IMPORT_LINE_LENGTH + 1))), 'NO_DATA_ROWS'],
    ['10 MB of rows of 2,000 one-letter cells', () => `${'a,'.repeat(MAX_IMPORT_LINE_LENGTH / 2)}\n`.repeat(Math.floor(TEN_MB / (MAX_IMPORT_LINE_LENGTH + 1))), 'FORMAT_NOT_IMPLEMENTED'],
    ['a quote opened and never closed, then 10 MB of rows', () => `quantity,number\n"1,OP01-001\n${'1,OP01-001\n'.repeat(TEN_MB / 11)}`, 'TOO_MANY_ROWS'],
    ['49,999 rows with a quoted quote in every cell', () => `quantity,number,name\n${'1,OP01-001,"a ""b"" c ""d"" e ""f"" g ""h"" i ""j"""\n'.repeat(49_999)}`, 'rows'],
    ['a quote opened and never closed over many lines', () => `quantity,number\n1,"${'OP01-001\n'.repeat(10_000)}`, 'LINE_TOO_LONG'],
    ['10 MB of bare line ends', () => '\n'.repeat(TEN_MB), 'NO_DATA_ROWS'],
    ['10 MB of rows whose last cell is full of quotes (an unquoted field)', () => QUOTE_HEAVY, 'rows'],
  ];
  for (const [name, make, expected] of maxSize) {
    it(`answers ${name} in linear time (${expected})`, () => {
      const text = make();
      expect(text.length).toBeLessThanOrEqual(TEN_MB + 64);
      const t0 = performance.now();
      const value = outcome(() => parseCardCsv(text));
      const ms = performance.now() - t0;
      console.info(`${name}: ${ms.toFixed(0)} ms`);
      if (expected === 'rows') expect('rows' in value && value.rows.length).toBe(text.split('\n').length - 2);
      else expect(value).toEqual({ problem: expected });
      expect(ms).toBeLessThan(BOUND_10MB_MS);
    });
  }

  // A file the cooperative reader must cut finely: each quote once cost a search for the line's end (0.6–1.8 s of
  // blocked event loop for 10 MB), and the whole file was cut before the first pause.
  const cooperative: [string, (text: string, pause: () => Promise<void>) => Promise<unknown>, () => string][] = [
    ['a binder CSV of rows full of quotes', parseCardCsvCooperative, () => QUOTE_HEAVY],
    ['a binder CSV with a 10 MB quote-heavy first line', parseCardCsvCooperative, () => `1,x${'"'.repeat(1_995)}\n`.repeat(Math.floor(TEN_MB / 1_999))],
    ['a price CSV of rows full of quotes', parsePriceCsvCooperative, () => `card_number,variant,currency,min,avg,max,note\n${`OP01-001,,USD,1,2,3,x${'"'.repeat(190)}\n`.repeat(MAX_IMPORT_ROWS - 1)}`],
  ];
  for (const [name, read, make] of cooperative) {
    it(`reads ${name} in steps of at most ${BOUND_MS} ms`, async () => {
      const text = make();
      expect(text.length).toBeGreaterThan(TEN_MB * 0.9);
      let worst = Infinity;
      // The best of three runs' longest step: another test's work slows a run, only a long step slows all three.
      for (let run = 0; run < 3; run++) {
        let longest = 0;
        let last = performance.now();
        const pause = async () => {
          longest = Math.max(longest, performance.now() - last);
          await new Promise((r) => setImmediate(r));
          last = performance.now();
        };
        await read(text, pause).catch((err: unknown) => {
          if (!(err instanceof Error) || !/CsvFileError|PriceCsvError/.test(err.constructor.name)) throw err;
        });
        worst = Math.min(worst, Math.max(longest, performance.now() - last));
      }
      console.info(`${name}: longest step ${worst.toFixed(1)} ms`);
      expect(worst).toBeLessThan(BOUND_MS);
    });
  }

  it('cuts a file into pieces only between records, never inside a quoted field', () => {
    const text = 'a,b\n"x\ny",1\n2,3\n"""",4\n5,6';
    const pieces = splitCsvRecords(text, ',', { records: 1 });
    expect(pieces).toEqual(['a,b\n', '"x\ny",1\n', '2,3\n', '"""",4\n', '5,6']);
    expect(pieces.join('')).toBe(text);
    // A quote inside an unquoted field opens nothing; a cell cannot hide the rest of a file inside quotes.
    expect(splitCsvRecords('a,b"\nc,d\n', ',', { records: 1 })).toEqual(['a,b"\n', 'c,d\n']);
    expect(() => splitCsvRecords(`a,"${'x\n'.repeat(MAX_IMPORT_LINE_LENGTH)}`, ',')).toThrow(CsvFileError);
  });

  it('reads a file of many pieces, with quoted line ends and doubled quotes, row by row', () => {
    const rows = Array.from({ length: 4_500 }, (_, i) => `${(i % 9) + 1};"Name ""${i}""\n2nd line";OP-01;OP01-${String((i % 120) + 1).padStart(3, '0')};"1,50"`);
    const parsed = parseCardCsv(`quantidade;nome;edição;número;preço\n${rows.join('\n')}\n`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(4_500);
    expect(parsed.rows[4_499]).toMatchObject({ line: 4_501, quantity: 9, name: 'Name "4499"\n2nd line', number: 'OP01-060', price: 1.5 });
  });
});
