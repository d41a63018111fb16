import Papa from 'papaparse';
import { checkImportText, csvRecordPieces } from '../formats/collection-csv';
import { type CurrencyCode, isCurrencyCode } from '../money/currencies';
import { parseDecimal } from '../money/money';
import { runSteps, runStepsCooperative } from '../steps';
import { MAX_PRICE_CENTS, toCents } from './model';

/**
 * The price file an admin uploads for the stores without a public feed (Liga One Piece, MYP Cards):
 *
 *     card_number,variant,min,avg,max,currency
 *     OP01-077,,24.00,658.00,2399.00,BRL
 *     OP01-077,p1,"1.250,00",,,BRL
 *
 * One row per print. The header is required (any order, any case, a BOM allowed; other columns are ignored).
 * Comma, semicolon or tab separated (guessed from the first lines). `variant` empty is the base print, otherwise a
 * catalogue variant code (p1, p2, r1…). Amounts are decimals in the row's currency with `.` or `,` decimals and
 * thousands marks ("2.399,00": quoted in a comma-separated file); a figure may be empty, but not all three.
 * Amounts come back in cents (hundredths, whatever the currency: model.ts).
 *
 * The import caps of the collection CSV hold (MAX_IMPORT_ROWS rows, MAX_IMPORT_LINE_LENGTH characters a line): a
 * file over them throws CsvFileError (TOO_MANY_ROWS, LINE_TOO_LONG). A file without rows or without a required column
 * throws PriceCsvError. A bad row is an error entry; the other rows are still read.
 */
interface PriceCsvRow {
  /** Line of the file where the row starts (1-based; the header is usually line 1). */
  line: number;
  /** Card number, upper case ("OP01-077"). */
  number: string;
  /** Catalogue variant code (p1, r1, …), or null for the base print. */
  variant: string | null;
  currency: CurrencyCode;
  min: number | null;
  avg: number | null;
  max: number | null;
}

type PriceCsvRowProblem = 'INVALID_NUMBER' | 'INVALID_VARIANT' | 'INVALID_PRICE' | 'INVALID_CURRENCY' | 'NO_PRICE' | 'DUPLICATE';

interface PriceCsvRowError {
  line: number;
  code: PriceCsvRowProblem;
  /** The raw line, cut to MAX_ERROR_TEXT characters. */
  text: string;
}

export interface ParsedPriceCsv {
  rows: PriceCsvRow[];
  errors: PriceCsvRowError[];
}

/** How much of a bad line an error entry repeats. */
export const MAX_ERROR_TEXT = 200;

const PRICE_CSV_COLUMNS = ['card_number', 'variant', 'min', 'avg', 'max', 'currency'] as const;
type PriceColumn = (typeof PRICE_CSV_COLUMNS)[number];

/** A price file that cannot be read at all: no rows (EMPTY) or a required column missing from the header. */
export class PriceCsvError extends Error {
  constructor(
    readonly problem: 'MISSING_COLUMNS' | 'EMPTY',
    /** The required columns the header lacks, for MISSING_COLUMNS. */
    readonly missing: string[] = [],
  ) {
    super(problem === 'EMPTY' ? 'Price CSV: the file has no price rows' : `Price CSV: the header lacks the column(s) ${missing.join(', ')}`);
    this.name = 'PriceCsvError';
  }
}

/** OP01-077, ST10-001, EB01-012, PRB01-001, P-001 (upper case). */
const CARD_NUMBER = /^(?:[A-Z]{2,3}\d{2}|P)-\d{3}$/;
const VARIANT = /^[pr]\d{1,2}$/;

/** Records read per step of the cooperative reader. */
const RECORDS_PER_STEP = 500;

/** A header cell as a column name: "Card Number", " CARD-NUMBER " → "card_number". */
const columnName = (cell: string) => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** An amount in cents: null when empty, 'invalid' when unreadable, negative or above MAX_PRICE_CENTS. */
function amount(text: string): number | null | 'invalid' {
  const major = parseDecimal(text);
  if (major === null) return null;
  const cents = toCents(major);
  return cents === null || cents < 0 || cents > MAX_PRICE_CENTS ? 'invalid' : cents;
}

export function parsePriceCsv(text: string): ParsedPriceCsv {
  return runSteps(priceCsvSteps(text));
}

/** parsePriceCsv, awaiting `pause` between steps of RECORDS_PER_STEP records (a server keeps serving meanwhile). */
export async function parsePriceCsvCooperative(text: string, pause: () => Promise<void>): Promise<ParsedPriceCsv> {
  return runStepsCooperative(priceCsvSteps(text), pause);
}

function* priceCsvSteps(text: string): Generator<void, ParsedPriceCsv> {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!withoutBom.trim()) throw new PriceCsvError('EMPTY');
  checkImportText(withoutBom);
  yield;
  // One line end for papaparse (it guesses one for the whole text, and a file may mix them).
  const clean = withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom;
  yield;
  const delimiter = Papa.parse<string[]>(clean.slice(0, 64 * 1024), { delimitersToGuess: [',', ';', '\t'], preview: 20 }).meta.delimiter;
  // Cut lazily, one piece per step: no step reads more than about 64 KB of the file.
  const pieces = csvRecordPieces(clean, delimiter, { records: RECORDS_PER_STEP, chars: 64 * 1024 });

  let index: Record<PriceColumn, number> | null = null;
  let headerWidth = 0;
  const rows: PriceCsvRow[] = [];
  const errors: PriceCsvRowError[] = [];
  const seen = new Set<string>();

  const readHeader = (cells: string[]) => {
    const names = cells.map(columnName);
    const missing = PRICE_CSV_COLUMNS.filter((c) => !names.includes(c));
    if (missing.length) throw new PriceCsvError('MISSING_COLUMNS', missing);
    index = Object.fromEntries(PRICE_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<PriceColumn, number>;
    headerWidth = cells.length;
  };

  const readRow = (cells: string[], line: number, raw: string) => {
    const at = index!;
    const cell = (column: PriceColumn) => (cells[at[column]] ?? '').trim();
    const fail = (code: PriceCsvRowProblem) => {
      errors.push({ line, code, text: raw });
    };
    const number = cell('card_number').toUpperCase();
    if (!CARD_NUMBER.test(number)) return fail('INVALID_NUMBER');
    const variant = cell('variant').toLowerCase() || null;
    if (variant !== null && !VARIANT.test(variant)) return fail('INVALID_VARIANT');
    const currency = cell('currency').toUpperCase();
    if (!isCurrencyCode(currency)) return fail('INVALID_CURRENCY');
    // More filled cells than header columns: most often "24,00" unquoted in a comma-separated file, which split an
    // amount in two; the figures cannot be trusted.
    for (let i = headerWidth; i < cells.length; i++) if (cells[i]!.trim()) return fail('INVALID_PRICE');
    const min = amount(cell('min'));
    const avg = amount(cell('avg'));
    const max = amount(cell('max'));
    if (min === 'invalid' || avg === 'invalid' || max === 'invalid') return fail('INVALID_PRICE');
    if (min === null && avg === null && max === null) return fail('NO_PRICE');
    const key = `${number} ${variant ?? ''}`;
    if (seen.has(key)) return fail('DUPLICATE');
    seen.add(key);
    rows.push({ line, number, variant, currency, min, avg, max });
  };

  let lineOfPiece = 1;
  for (const piece of pieces) {
    yield;
    let start = 0;
    let line = lineOfPiece;
    Papa.parse<string[]>(piece, {
      delimiter,
      newline: '\n',
      step: (result) => {
        const end = result.meta.cursor;
        const cells = result.data;
        if (cells.some((c) => c.trim() !== '')) {
          if (index === null) readHeader(cells);
          else {
            const head = piece.slice(start, Math.min(end, start + MAX_ERROR_TEXT + 1));
            readRow(cells, line, (head.endsWith('\n') ? head.slice(0, -1) : head).slice(0, MAX_ERROR_TEXT));
          }
        }
        for (let nl = piece.indexOf('\n', start); nl !== -1 && nl < end; nl = piece.indexOf('\n', nl + 1)) line++;
        start = end;
      },
    });
    for (let nl = piece.indexOf('\n'); nl !== -1; nl = piece.indexOf('\n', nl + 1)) lineOfPiece++;
  }
  if (index === null || (rows.length === 0 && errors.length === 0)) throw new PriceCsvError('EMPTY');
  return { rows, errors };
}
