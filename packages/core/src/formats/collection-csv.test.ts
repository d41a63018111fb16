import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps } from '../steps';
import { checkImportText, CsvFileError, decodeUtf8, decodeUtf8Steps, MAX_IMPORT_LINE_LENGTH, parseCardCsv, parsePrice } from './collection-csv';

const bytes = (s: string) => new TextEncoder().encode(s);
const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as CsvFileError).problem;
  }
  return null;
};

describe('collection CSV (Liga and generic)', () => {
  it('reads Liga columns in Portuguese with semicolons, CRLF, a BOM and quoted fields', () => {
    const text = '\uFEFFQuantidade;Nome;Edição;Número;Condição;Idioma;Preço\r\n2;"Nami; the navigator";OP-01;OP01-016;NM;Português;"2,50"\r\n1;Zoro;OP-01;OP01-025-OP;;;\r\n';
    expect(parseCardCsv(decodeUtf8(bytes(text)))).toEqual({
      format: 'liga',
      errors: [],
      rows: [
        { line: 2, quantity: 2, edition: 'OP-01', number: 'OP01-016', variant: null, name: 'Nami; the navigator', condition: 'NM', language: 'Português', price: 2.5 },
        { line: 3, quantity: 1, edition: 'OP-01', number: 'OP01-025', variant: null, name: 'Zoro', condition: null, language: null, price: null },
      ],
    });
  });

  it('reads the generic quantity,card_number,variant format', () => {
    const parsed = parseCardCsv('quantity,card_number,variant\n4,op05-041,p1\n1,P-001,\n');
    expect(parsed.format).toBe('generic');
    expect(parsed.rows.map((r) => [r.quantity, r.number, r.variant, r.edition])).toEqual([
      [4, 'OP05-041', 'p1', null],
      [1, 'P-001', null, null],
    ]);
  });

  it('reports every bad row with edition, name, number and reason, and keeps the good ones', () => {
    const parsed = parseCardCsv('quantity,name,edition,number,price\n1,Nami,OP-01,OP01-016,\nx,Luffy,OP-01,OP01-024,\n1,Ghost,OP-01,,\n1,Usopp,,OP01-004,\n2,Sanji,OP-01,OP01-013,abc\n');
    expect(parsed.rows.map((r) => r.number)).toEqual(['OP01-016']);
    expect(parsed.errors).toEqual([
      { line: 3, edition: 'OP-01', name: 'Luffy', number: 'OP01-024', reason: 'BAD_QUANTITY' },
      { line: 4, edition: 'OP-01', name: 'Ghost', number: null, reason: 'MISSING_NUMBER' },
      { line: 5, edition: null, name: 'Usopp', number: 'OP01-004', reason: 'MISSING_EDITION' },
      { line: 6, edition: 'OP-01', name: 'Sanji', number: 'OP01-013', reason: 'BAD_PRICE' },
    ]);
  });

  it('decodes a file from the pieces it arrived in, characters cut between pieces included', () => {
    const body = 'quantity,name\n2,Edição Ñ 海賊\n'.repeat(3);
    const whole = new TextEncoder().encode(`\uFEFF${body}`);
    const cuts = [0, 1, 17, 18, 19, 40, whole.length];
    const pieces = cuts.slice(1).map((end, i) => whole.subarray(cuts[i], end));
    expect(runSteps(decodeUtf8Steps(pieces))).toBe(decodeUtf8(whole));
    expect(runSteps(decodeUtf8Steps(pieces))).toBe(body);
    expect(problem(() => runSteps(decodeUtf8Steps([new Uint8Array(), new Uint8Array()])))).toBe('NO_FILE');
    // A character whose bytes never complete: not UTF-8, even when cut at the end of the last piece.
    expect(problem(() => runSteps(decodeUtf8Steps([new Uint8Array([0x41]), new Uint8Array([0xe6, 0xb5])])))).toBe('NOT_UTF8');
  });

  it('refuses a line too long while decoding, naming the line checkImportText names, and never refuses more than it', () => {
    const max = MAX_IMPORT_LINE_LENGTH;
    const outcome = (fn: () => unknown) => {
      try {
        fn();
        return 'ok';
      } catch (err) {
        if (!(err instanceof CsvFileError)) throw err;
        return `${err.problem}@${err.line ?? ''}`;
      }
    };
    // A header of 10 MB of commas is refused in the first quarter megabyte, before the file becomes one string.
    const steps = decodeUtf8Steps(new TextEncoder().encode(','.repeat(10 * 1024 * 1024)), { maxLineLength: max });
    expect(outcome(() => steps.next())).toBe('LINE_TOO_LONG@1');
    // Lines around the limit, joined by \n, \r\n or a lone \r, with a byte-order mark or not.
    const segment = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: max - 2, max: max + 2 })).map((n) => 'x'.repeat(n));
    const text = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(segment, fc.constantFrom('\n', '\r\n', '\r', '')), { minLength: 1, maxLength: 6 }))
      .map(([bom, lines]) => (bom ? '\uFEFF' : '') + lines.map(([l, end]) => l + end).join(''));
    fc.assert(
      fc.property(text, (t) => {
        const guarded = outcome(() => runSteps(decodeUtf8Steps(new TextEncoder().encode(t), { maxLineLength: max })));
        const whole = outcome(() => checkImportText(t.replace(/^\uFEFF/, '')));
        // (An empty text is NO_FILE before any line is read.)
        if (guarded.startsWith('LINE_TOO_LONG')) expect(guarded).toBe(whole);
        else expect(guarded === 'ok' || guarded === 'NO_FILE@').toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an empty file, a header without rows, unknown columns and a file that is not UTF-8', () => {
    expect(problem(() => decodeUtf8(new Uint8Array()))).toBe('NO_FILE');
    expect(problem(() => decodeUtf8(null))).toBe('NO_FILE');
    // "Edição" in Latin-1: not valid UTF-8.
    expect(problem(() => decodeUtf8(new Uint8Array([0x45, 0x64, 0x69, 0xe7, 0xe3, 0x6f])))).toBe('NOT_UTF8');
    expect(problem(() => parseCardCsv(''))).toBe('NO_DATA_ROWS');
    expect(problem(() => parseCardCsv('quantity,edition,number\r\n\r\n'))).toBe('NO_DATA_ROWS');
    expect(problem(() => parseCardCsv('foo,bar\n1,2\n'))).toBe('FORMAT_NOT_IMPLEMENTED');
  });

  it('reads the generic format without a header: quantity,card_number[,variant] from the first line', () => {
    const parsed = parseCardCsv('4,OP01-001\n2,op01-016,p1\n1,OP01-999\nx,OP01-002\n');
    expect(parsed.format).toBe('generic');
    expect(parsed.rows.map((r) => [r.line, r.quantity, r.number, r.variant])).toEqual([
      [1, 4, 'OP01-001', null],
      [2, 2, 'OP01-016', 'p1'],
      [3, 1, 'OP01-999', null],
    ]);
    expect(parsed.errors).toEqual([{ line: 4, edition: null, name: null, number: 'OP01-002', reason: 'BAD_QUANTITY' }]);
    // With its header, the same rows; a first line that is neither a header nor such a row is still refused.
    expect(parseCardCsv('quantity,card_number\n4,OP01-001\n').rows.map((r) => [r.line, r.number])).toEqual([[2, 'OP01-001']]);
    expect(problem(() => parseCardCsv('4;OP01-001;p1\n'))).toBeNull();
    expect(problem(() => parseCardCsv('Luffy,OP01-001\nZoro,OP01-025\n'))).toBe('FORMAT_NOT_IMPLEMENTED');
  });

  it('reads Liga rows without a header: quantity,name,edition,number[,variant,condition,language,price] from the first line', () => {
    // Issue 46 item 27's row on its own: a row whose edition is unknown (the importer says Expansion not found), not a header.
    const parsed = parseCardCsv('1,X,ZZ-99,ZZ99-001\n2,Luffy,OP-01,OP01-003,p1,NM,EN,1.50\n');
    expect(parsed.format).toBe('liga');
    expect(parsed.rows.map((r) => [r.line, r.quantity, r.name, r.edition, r.number, r.variant, r.condition, r.language, r.price])).toEqual([
      [1, 1, 'X', 'ZZ-99', 'ZZ99-001', null, null, null, null],
      [2, 2, 'Luffy', 'OP-01', 'OP01-003', 'p1', 'NM', 'EN', 1.5],
    ]);
    expect(parseCardCsv('1;X;ZZ-99;ZZ99-001\n').rows).toEqual([expect.objectContaining({ line: 1, edition: 'ZZ-99', number: 'ZZ99-001' })]);
    // With its header, line numbers count the header as before.
    expect(parseCardCsv('quantity,name,edition,number\n1,X,ZZ-99,ZZ99-001\n').rows.map((r) => r.line)).toEqual([2]);
  });

  it('reads prices with comma or point decimals and thousands separators', () => {
    expect(parsePrice('2,50')).toBe(2.5);
    expect(parsePrice('R$ 1.234,56')).toBe(1234.56);
    expect(parsePrice('1,234.56')).toBe(1234.56);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNaN();
    expect(parsePrice('-3')).toBeNaN();
  });
});

describe('big files', () => {
  it('finds the header after any number of blank lines, and reads files cut into many pieces', () => {
    const parsed = parseCardCsv(`${'\n'.repeat(40_000)}quantity,number\n${'2,OP01-016\n'.repeat(5_000)}`);
    expect(parsed.rows).toHaveLength(5_000);
    expect(parsed.rows[4_999]).toMatchObject({ line: 5_001, quantity: 2, number: 'OP01-016' });
  });
});
