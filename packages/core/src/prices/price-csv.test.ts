import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CsvFileError, MAX_IMPORT_LINE_LENGTH, MAX_IMPORT_ROWS } from '../formats/collection-csv';
import { parsePriceCsv, parsePriceCsvCooperative, PriceCsvError } from './price-csv';

/**
 * fixtures/liga-prices.example.csv is HAND-WRITTEN (fixtures/README.md): its values come from the hand-written Liga
 * card-page example fixtures/formats/liga-onepiece/card-page-inline-vars.example.json (OP01-077: p "24,00",
 * m "658,00", g "2.399,00", BRL).
 */
const fixture = (file: string) => readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
const ligaPage = JSON.parse(readFileSync(new URL('../../../../fixtures/formats/liga-onepiece/card-page-inline-vars.example.json', import.meta.url), 'utf8')) as {
  cards_editions: { num: string; price: Record<string, { p: string; m: string; g: string }> }[];
};

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PriceCsvError || e instanceof CsvFileError) return e.problem;
    throw e;
  }
  return null;
};

describe('price CSV', () => {
  it('reads the Liga fixture: BRL amounts with thousands marks, in cents', () => {
    const parsed = parsePriceCsv(fixture('liga-prices.example.csv'));
    expect(parsed).toEqual({
      errors: [],
      rows: [{ line: 2, number: 'OP01-077', variant: null, currency: 'BRL', min: 2400, avg: 65800, max: 239900 }],
    });
    // The fixture holds the sample page's figures, not numbers of its own.
    const edition = ligaPage.cards_editions[0]!;
    expect(edition.num).toBe('OP01-077');
    expect(fixture('liga-prices.example.csv')).toContain(`${edition.num};;${edition.price['0']!.p};${edition.price['0']!.m};${edition.price['0']!.g};BRL`);
  });

  it('reads comma files with quoted decimal commas, any column order and case, a BOM, CRLF and tabs', () => {
    const comma = '\uFEFFCurrency,Card_Number,MAX,avg,Min,Variant,note\r\nbrl,op01-077,"2.399,00","658,00","24,00",,"a, b"\r\nUSD,OP01-077,,12.5,,P1,\r\n';
    expect(parsePriceCsv(comma)).toEqual({
      errors: [],
      rows: [
        { line: 2, number: 'OP01-077', variant: null, currency: 'BRL', min: 2400, avg: 65800, max: 239900 },
        { line: 3, number: 'OP01-077', variant: 'p1', currency: 'USD', min: null, avg: 1250, max: null },
      ],
    });
    // Old Mac line ends (\r only).
    expect(parsePriceCsv('card_number,variant,min,avg,max,currency\rOP01-001,,1,,,USD\rOP01-002,,2,,,USD\r').rows.map((r) => [r.line, r.number, r.min])).toEqual([
      [2, 'OP01-001', 100],
      [3, 'OP01-002', 200],
    ]);
    const tabs = 'card_number\tvariant\tmin\tavg\tmax\tcurrency\nST10-001\tr1\t1,234.56\t\t\tEUR\nP-001\t\t1500\t\t\tJPY\n';
    expect(parsePriceCsv(tabs).rows).toEqual([
      { line: 2, number: 'ST10-001', variant: 'r1', currency: 'EUR', min: 123456, avg: null, max: null },
      { line: 3, number: 'P-001', variant: null, currency: 'JPY', min: 150000, avg: null, max: null },
    ]);
  });

  it('reports each bad row with its line, code and raw text, and keeps the good ones', () => {
    const text = [
      'card_number;variant;min;avg;max;currency',
      'OP01-001;;1,00;;;EUR',
      'OP1-001;;1,00;;;EUR',
      'OP01-002;x1;1,00;;;EUR',
      'OP01-003;p100;1,00;;;EUR',
      'OP01-004;;1,00;;;CHF',
      'OP01-005;;;;;EUR',
      'OP01-006;;abc;;;EUR',
      'OP01-007;;-1,00;;;EUR',
      'OP01-008;;10.000.001,00;;;EUR',
      'OP01-001;;2,00;;;EUR',
      'OP01-001;P2;2,00;;;EUR',
      'OP01-009;;1,00;;;',
      'EB01-012;;10.000.000,00;;;ARS',
    ].join('\n');
    const parsed = parsePriceCsv(text);
    expect(parsed.rows.map((r) => [r.line, r.number, r.variant, r.min])).toEqual([
      [2, 'OP01-001', null, 100],
      [12, 'OP01-001', 'p2', 200],
      [14, 'EB01-012', null, 1_000_000_000],
    ]);
    expect(parsed.errors).toEqual([
      { line: 3, code: 'INVALID_NUMBER', text: 'OP1-001;;1,00;;;EUR' },
      { line: 4, code: 'INVALID_VARIANT', text: 'OP01-002;x1;1,00;;;EUR' },
      { line: 5, code: 'INVALID_VARIANT', text: 'OP01-003;p100;1,00;;;EUR' },
      { line: 6, code: 'INVALID_CURRENCY', text: 'OP01-004;;1,00;;;CHF' },
      { line: 7, code: 'NO_PRICE', text: 'OP01-005;;;;;EUR' },
      { line: 8, code: 'INVALID_PRICE', text: 'OP01-006;;abc;;;EUR' },
      { line: 9, code: 'INVALID_PRICE', text: 'OP01-007;;-1,00;;;EUR' },
      { line: 10, code: 'INVALID_PRICE', text: 'OP01-008;;10.000.001,00;;;EUR' },
      { line: 11, code: 'DUPLICATE', text: 'OP01-001;;2,00;;;EUR' },
      { line: 13, code: 'INVALID_CURRENCY', text: 'OP01-009;;1,00;;;' },
    ]);
  });

  it('refuses an unquoted decimal comma in a comma file rather than reading a split amount', () => {
    const parsed = parsePriceCsv('card_number,variant,min,avg,max,currency\nOP01-077,,24,00,658,00,2.399,00,BRL\nOP01-078,,24,,,BRL,,\n');
    expect(parsed.errors).toEqual([{ line: 2, code: 'INVALID_CURRENCY', text: 'OP01-077,,24,00,658,00,2.399,00,BRL' }]);
    // Trailing empty cells are harmless; a filled cell past the header is a split amount.
    expect(parsed.rows.map((r) => [r.number, r.min])).toEqual([['OP01-078', 2400]]);
    expect(parsePriceCsv('currency,card_number,variant,min,avg,max\nBRL,OP01-077,,24,00,658,00\n').errors).toEqual([
      { line: 2, code: 'INVALID_PRICE', text: 'BRL,OP01-077,,24,00,658,00' },
    ]);
  });

  it('counts lines across blank lines and quoted line breaks, and cuts long raw text to 200 characters', () => {
    const long = 'x'.repeat(500);
    const text = `\n\ncard_number,variant,min,avg,max,currency\n\n"OP01-001","",1,,,"U\nSD"\nOP01-002,,1,,,USD,"${long}"\n  \nOP01-003,,2,,,USD\n`;
    const parsed = parsePriceCsv(text);
    expect(parsed.errors.map((e) => [e.line, e.code, e.text.length])).toEqual([
      [5, 'INVALID_CURRENCY', 24],
      [7, 'INVALID_PRICE', 200],
    ]);
    expect(parsed.errors[0]!.text).toBe('"OP01-001","",1,,,"U\nSD"');
    expect(parsed.rows.map((r) => [r.line, r.number])).toEqual([[9, 'OP01-003']]);
  });

  it('keeps line numbers right across the pieces the reader works in', async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => `OP01-${String((i % 999) + 1).padStart(3, '0')},${i < 999 ? '' : 'p1'},"${i},50",,,BRL`);
    const text = `card_number,variant,min,avg,max,currency\n${rows.join('\n')}\nOP01-001,,1,,,BRL\n`;
    const parsed = parsePriceCsv(text);
    expect(parsed.rows).toHaveLength(1_234);
    expect(parsed.rows[1_233]).toEqual({ line: 1_235, number: 'OP01-235', variant: 'p1', currency: 'BRL', min: 123350, avg: null, max: null });
    expect(parsed.errors).toEqual([{ line: 1_236, code: 'DUPLICATE', text: 'OP01-001,,1,,,BRL' }]);
    let pauses = 0;
    const cooperative = await parsePriceCsvCooperative(text, async () => {
      pauses++;
    });
    expect(cooperative).toEqual(parsed);
    expect(pauses).toBeGreaterThan(1);
  });

  it('refuses files without rows or without a required column, naming the missing ones', () => {
    expect(problem(() => parsePriceCsv(''))).toBe('EMPTY');
    expect(problem(() => parsePriceCsv('\uFEFF \n\n'))).toBe('EMPTY');
    expect(problem(() => parsePriceCsv('card_number,variant,min,avg,max,currency\n\n,,,,,\n'))).toBe('EMPTY');
    expect(problem(() => parsePriceCsv('card_number,min,avg,max\nOP01-001,1,,\n'))).toBe('MISSING_COLUMNS');
    try {
      parsePriceCsv('number;variant;min;price;max\nOP01-001;;1;;\n');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PriceCsvError);
      expect((e as PriceCsvError).missing).toEqual(['card_number', 'avg', 'currency']);
      expect((e as PriceCsvError).message).toMatch(/Price CSV: .*card_number, avg, currency/);
    }
  });

  it('holds the import caps of the collection CSV', () => {
    const header = 'card_number,variant,min,avg,max,currency\n';
    expect(problem(() => parsePriceCsv(`${header}OP01-001,,1,,,USD,${'x'.repeat(MAX_IMPORT_LINE_LENGTH)}\n`))).toBe('LINE_TOO_LONG');
    expect(problem(() => parsePriceCsv(header + 'OP01-001,,1,,,USD\n'.repeat(MAX_IMPORT_ROWS + 1)))).toBe('TOO_MANY_ROWS');
    expect(problem(() => parsePriceCsv(`${header}OP01-001,,1,,,"${'USD\n'.repeat(1_000)}`))).toBe('LINE_TOO_LONG');
  });
});
