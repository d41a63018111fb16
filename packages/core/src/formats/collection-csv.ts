import { parseDecimal } from '../money/money';
import Papa from 'papaparse';
import { runSteps, runStepsCooperative } from '../steps';

/**
 * Card lists in CSV as collectors move them between tools. Liga's collection CSV (ligaonepiece.com.br) has no
 * published column list, so columns are found by name in Portuguese, English or Spanish: edition code and card
 * number (required), quantity (default 1), and optional name, condition, language and price. A generic CSV
 * `quantity,card_number[,variant]` (no edition) is read as well. Comma or semicolon separated, UTF-8 only.
 */
export interface CsvCardRow {
  /** Line in the file (1-based, the header is line 1). */
  line: number;
  quantity: number;
  /** Edition code as written (e.g. OP-01), or null in the generic format. */
  edition: string | null;
  /** Card number without Liga's suffixes (OP01-015-OP → OP01-015), upper case. */
  number: string;
  variant: string | null;
  name: string | null;
  condition: string | null;
  language: string | null;
  /** Purchase price as a number (comma or point decimals), or null. */
  price: number | null;
}

type CsvRowProblem = 'MISSING_NUMBER' | 'MISSING_EDITION' | 'BAD_QUANTITY' | 'BAD_PRICE';

interface CsvRowError {
  line: number;
  edition: string | null;
  name: string | null;
  number: string | null;
  reason: CsvRowProblem;
}

/** Problems that stop the whole import (spec §8 names them: no file, no data rows, no valid cards, format not implemented). */
export type CsvFileProblem = 'NO_FILE' | 'NOT_UTF8' | 'NO_DATA_ROWS' | 'FORMAT_NOT_IMPLEMENTED' | 'NO_VALID_CARDS' | 'TOO_MANY_ROWS' | 'LINE_TOO_LONG';

/** Import limits: a file holds at most this many lines (header included: one more)… */
export const MAX_IMPORT_ROWS = 50_000;
/** …each at most this long (a Liga CSV row is under 300 characters). */
export const MAX_IMPORT_LINE_LENGTH = 2_000;
/** A purchase price above this is refused as BAD_PRICE (the dearest One Piece singles sell for a few thousand). */
const MAX_IMPORT_PRICE = 1_000_000;

export interface ParsedCardCsv {
  format: 'liga' | 'generic';
  rows: CsvCardRow[];
  errors: CsvRowError[];
}

export class CsvFileError extends Error {
  constructor(
    readonly problem: CsvFileProblem,
    /** The line at fault, for LINE_TOO_LONG. */
    readonly line?: number,
  ) {
    super(problem);
    this.name = 'CsvFileError';
  }
}

/**
 * Refuses, in one linear pass and before any parsing, a text with more than MAX_IMPORT_ROWS data lines (plus a
 * header) or a line longer than MAX_IMPORT_LINE_LENGTH characters. Every import (CSV or OPTCG Sim text) goes through it.
 * Lines end at `\n` (a `\r` before it is not counted), or at `\r` in a file that has no `\n` at all.
 */
export function checkImportText(text: string, { header = true }: { header?: boolean } = {}): void {
  const maxLines = MAX_IMPORT_ROWS + (header ? 1 : 0);
  const separator = text.includes('\n') ? '\n' : '\r';
  let lines = 0;
  let start = 0;
  while (start < text.length) {
    const found = text.indexOf(separator, start);
    const end = found === -1 ? text.length : found;
    lines++;
    const length = end - start - (separator === '\n' && end > start && text.charCodeAt(end - 1) === 13 ? 1 : 0);
    if (length > MAX_IMPORT_LINE_LENGTH) throw new CsvFileError('LINE_TOO_LONG', lines);
    if (found === -1) break;
    start = end + 1;
    // Trailing blank lines do not count as rows.
    if (lines >= maxLines && start < text.length && text.slice(start).trim()) throw new CsvFileError('TOO_MANY_ROWS');
  }
}

/** The text of an uploaded file; anything that is not valid UTF-8 is refused rather than shown as mojibake. */
export function decodeUtf8(bytes: Uint8Array | null | undefined): string {
  return runSteps(decodeUtf8Steps(bytes));
}

/**
 * Reads decoded text piece by piece and throws LINE_TOO_LONG as soon as a line is certain to be longer than `max`,
 * with the line checkImportText would name: lines end at `\n` (a `\r` before it not counted), or at `\r` in a file
 * without `\n`. While no `\n` has come and a `\r` has, which rule applies is not known yet: nothing is refused then.
 * Never stricter than checkImportText (which still reads the whole text); it only answers a hostile file before its
 * pieces are joined into one string (joining 10 MB is a single ~35 ms block of the thread).
 */
class LineGuard {
  private length = 0;
  private newlines = 0;
  private returns = 0;
  private afterReturn = false;
  private started = false;
  constructor(private readonly max: number) {}

  feed(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (!this.started) {
        this.started = true;
        if (c === 0xfeff) continue; // a byte-order mark is not part of the first line (cardCsvSteps drops it)
      }
      if (c === 10) {
        this.newlines++;
        if (this.length - (this.afterReturn ? 1 : 0) > this.max) throw new CsvFileError('LINE_TOO_LONG', this.newlines);
        this.length = 0;
        this.afterReturn = false;
        continue;
      }
      this.length++;
      this.afterReturn = c === 13;
      if (this.afterReturn) this.returns++;
      // Longer than max even if a `\r` before a coming `\n` is not counted.
      if (this.length > this.max + 1 && (this.newlines > 0 || this.returns === 0)) throw new CsvFileError('LINE_TOO_LONG', this.newlines + 1);
    }
  }
}

/**
 * decodeUtf8 a quarter of a megabyte at a time (a streaming decoder keeps characters cut between pieces whole). The
 * bytes may come as the pieces they arrived in (an upload read from its connection): they are never copied into one.
 * With `maxLineLength` (line-based imports), a line certain to be longer is refused while decoding (LineGuard).
 */
export function* decodeUtf8Steps(
  bytes: Uint8Array | readonly Uint8Array[] | null | undefined,
  { maxLineLength }: { maxLineLength?: number } = {},
): Generator<void, string> {
  const pieces = !bytes ? [] : bytes instanceof Uint8Array ? [bytes] : bytes;
  const total = pieces.reduce((n, p) => n + p.length, 0);
  if (total === 0) throw new CsvFileError('NO_FILE');
  const guard = maxLineLength === undefined ? null : new LineGuard(maxLineLength);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const STEP = 256 * 1024;
  const parts: string[] = [];
  let done = 0;
  for (const piece of pieces) {
    for (let at = 0; at < piece.length; at += STEP) {
      if (done > 0) yield;
      const part = piece.subarray(at, at + STEP);
      done += part.length;
      let text: string;
      try {
        text = decoder.decode(part, { stream: done < total });
      } catch {
        throw new CsvFileError('NOT_UTF8');
      }
      guard?.feed(text);
      parts.push(text);
    }
  }
  return parts.join('');
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const COLUMNS = {
  quantity: ['quantity', 'qty', 'quantidade', 'qtd', 'qtde', 'cantidad', 'count'],
  edition: ['edition', 'editioncode', 'edicao', 'codigoedicao', 'set', 'setcode', 'expansion', 'expansao', 'coleccion', 'edicion'],
  number: ['number', 'cardnumber', 'numero', 'num', 'code', 'codigo', 'card_number'],
  variant: ['variant', 'variante', 'print'],
  name: ['name', 'cardname', 'nome', 'carta', 'card', 'nombre'],
  condition: ['condition', 'condicao', 'estado', 'qualidade'],
  language: ['language', 'lang', 'idioma', 'lingua'],
  price: ['price', 'preco', 'precio', 'valor', 'purchaseprice'],
} as const;
type Column = keyof typeof COLUMNS;
/** Folded header name → column, computed once. */
const COLUMN_BY_NAME = new Map<string, Column>();
for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
  for (const n of names) if (!COLUMN_BY_NAME.has(fold(n))) COLUMN_BY_NAME.set(fold(n), column);
}

/**
 * A card number as printed (OP01-001, ST10-005, EB01-012, PRB01-001, P-001) — or shaped like one from a product we do
 * not know yet (ZZ99-001): the row is then matched and refused for what it is (Expansion not found, Card not found),
 * not as having no card number. Liga's suffixes (-OP, -RE) and variants (_p1) follow.
 */
const NUMBER = /^([A-Z]{1,4}\d{0,3}-\d{3})(?:[-_]([A-Z]{1,3}\d*))?$/i;

/**
 * `2,50`, `2.50`, `R$ 1.234,56` → 2.5 / 1234.56; empty → null; anything else, negative or above MAX_IMPORT_PRICE → NaN.
 * The reading itself is the money module's (one reader of prices for the whole app); the importer turns the number
 * into minor units of the import's currency.
 */
export function parsePrice(text: string): number | null {
  const n = parseDecimal(text);
  if (n === null) return null;
  return Number.isFinite(n) && n <= MAX_IMPORT_PRICE ? n : Number.NaN;
}

/**
 * The text cut into pieces of at most `records` CSV records or about `chars` characters each, only between records,
 * never inside a quoted field. A quote opens a field only at its start and `""` inside it is a quote, as RFC 4180 and
 * papaparse read them. Linear in the text, quotes included: it jumps between quotes and line ends with indexOf, and
 * looks for a line's end again only once past it (a line full of quotes once cost a search per quote). Lazy: each
 * piece is cut when it is asked for, so a reader that pauses between pieces never scans the whole file in one go.
 * A quoted field longer than MAX_IMPORT_LINE_LENGTH is refused.
 */
export function* csvRecordPieces(text: string, delimiter: string, { records = 2_000, chars = 256 * 1024 } = {}): Generator<string, void> {
  const delim = delimiter.charCodeAt(0);
  const lineAt = (pos: number) => text.slice(0, pos).split('\n').length;
  let start = 0;
  let count = 0;
  let i = 0;
  let nextQuote = text.indexOf('"');
  let nextLine = text.indexOf('\n');
  while (i < text.length) {
    if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
    if (nextLine !== -1 && nextLine < i) nextLine = text.indexOf('\n', i);
    if (nextQuote !== -1 && (nextLine === -1 || nextQuote < nextLine)) {
      const before = nextQuote === 0 ? 10 : text.charCodeAt(nextQuote - 1);
      i = nextQuote + 1;
      if (before !== delim && before !== 10 && before !== 13) continue; // a quote inside an unquoted field
      // A quoted field: up to the quote that is not doubled.
      let close = text.indexOf('"', i);
      while (close !== -1 && text.charCodeAt(close + 1) === 34) close = text.indexOf('"', close + 2);
      const end = close === -1 ? text.length : close;
      if (end - nextQuote > MAX_IMPORT_LINE_LENGTH) throw new CsvFileError('LINE_TOO_LONG', lineAt(nextQuote));
      i = end + 1;
      continue;
    }
    if (nextLine === -1) break;
    i = nextLine + 1;
    if (++count >= records || i - start >= chars) {
      yield text.slice(start, i);
      start = i;
      count = 0;
    }
  }
  if (start < text.length) yield text.slice(start);
}

/** Every piece of `csvRecordPieces` at once. */
export function splitCsvRecords(text: string, delimiter: string, options: { records?: number; chars?: number } = {}): string[] {
  return [...csvRecordPieces(text, delimiter, options)];
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
const clip = (text: string | null, max: number) => (text !== null && text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A first line that is data of the generic format without a header: a whole quantity, then a card number. */
const isGenericRow = (cells: string[]) => cells.length >= 2 && /^\d{1,4}$/.test((cells[0] ?? '').trim()) && NUMBER.test((cells[1] ?? '').trim());
/**
 * A first line that is a Liga row without a header, in the columns of Liga CSV Standard (our export's order): a whole
 * quantity, the name, the edition, then a card number — `1,X,ZZ-99,ZZ99-001` is a row (Expansion not found), not a header.
 */
const isLigaRow = (cells: string[]) => cells.length >= 4 && /^\d{1,4}$/.test((cells[0] ?? '').trim()) && NUMBER.test((cells[3] ?? '').trim());
const LIGA_ORDER: Column[] = ['quantity', 'name', 'edition', 'number', 'variant', 'condition', 'language', 'price'];

/** Records parsed per step of the cooperative reader (a few milliseconds of work). */
const RECORDS_PER_STEP = 500;

/**
 * Reads a Liga or generic CSV. `pause` is awaited between steps of RECORDS_PER_STEP records, so a server can let
 * other requests run while a big file is read; the sync `parseCardCsv` reads it in one go.
 */
export async function parseCardCsvCooperative(text: string, pause: () => Promise<void>): Promise<ParsedCardCsv> {
  return runStepsCooperative(cardCsvSteps(text), pause);
}

export function parseCardCsv(text: string): ParsedCardCsv {
  return runSteps(cardCsvSteps(text));
}

function* cardCsvSteps(text: string): Generator<void, ParsedCardCsv> {
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) throw new CsvFileError('NO_DATA_ROWS');
  checkImportText(clean);
  yield;
  // The separator is guessed from the first lines, then every piece is read with it.
  const delimiter = Papa.parse<string[]>(clean.slice(0, 64 * 1024), { delimitersToGuess: [',', ';', '\t'], preview: 20 }).meta.delimiter;
  yield;
  // Cut lazily, one piece per step: no step reads more than about 64 KB of the file.
  const pieces = csvRecordPieces(clean, delimiter, { records: RECORDS_PER_STEP, chars: 64 * 1024 });
  let piece = pieces.next();
  // The header is the first row that is not blank, however many blank lines come before it.
  let header: string[] | undefined;
  let firstData: string[][] = [];
  while (!header && !piece.done) {
    [header, ...firstData] = Papa.parse<string[]>(piece.value, { delimiter, skipEmptyLines: 'greedy' }).data;
    yield;
    piece = pieces.next();
  }
  if (!header) throw new CsvFileError('NO_DATA_ROWS');
  const index: Partial<Record<Column, number>> = {};
  header.forEach((cell, i) => {
    const column = COLUMN_BY_NAME.get(fold(cell));
    if (column && index[column] === undefined) index[column] = i;
  });
  // No header: `quantity,card_number[,variant]` from the first line on (the generic format, as the import dialog shows).
  const generic = isGenericRow(header);
  const headerless = index.number === undefined && (generic || isLigaRow(header));
  if (headerless) {
    if (generic) Object.assign(index, { quantity: 0, number: 1, variant: 2 });
    else LIGA_ORDER.forEach((column, i) => (index[column] = i));
    firstData = [header, ...firstData];
  }
  if (index.number === undefined) {
    if (firstData.length === 0 && piece.done) throw new CsvFileError('NO_DATA_ROWS');
    throw new CsvFileError('FORMAT_NOT_IMPLEMENTED');
  }
  const format = index.edition === undefined ? 'generic' : 'liga';
  const cell = (row: string[], column: Column) => {
    const i = index[column];
    const v = i === undefined ? '' : (row[i] ?? '').trim();
    return v;
  };
  const rows: CsvCardRow[] = [];
  const errors: CsvRowError[] = [];
  let dataRows = 0;
  const readRow = (row: string[]) => {
    const line = ++dataRows + (headerless ? 0 : 1);
    const edition = cell(row, 'edition') || null;
    const name = cell(row, 'name') || null;
    const rawNumber = cell(row, 'number');
    const fail = (reason: CsvRowProblem, number: string | null = rawNumber || null) => {
      // A problem quotes its cells, cut to what a person reads: a hostile file's answer stays small.
      errors.push({ line, edition: clip(edition, 40), name: clip(name, 100), number: clip(number, 40), reason });
    };
    const m = NUMBER.exec(rawNumber);
    if (!m) return fail('MISSING_NUMBER');
    const number = m[1]!.toUpperCase();
    if (format === 'liga' && !edition) return fail('MISSING_EDITION', number);
    const quantityText = cell(row, 'quantity');
    const quantity = quantityText === '' ? 1 : Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) return fail('BAD_QUANTITY', number);
    const price = parsePrice(cell(row, 'price'));
    if (price !== null && Number.isNaN(price)) return fail('BAD_PRICE', number);
    const variant = (cell(row, 'variant') || m[2] || '').toLowerCase();
    rows.push({
      line,
      quantity,
      edition,
      number,
      // Liga's own suffixes (-OP, -RE) name the edition, not a print variant.
      variant: variant && /^[pr]\d+$/.test(variant) ? variant : null,
      name,
      condition: cell(row, 'condition') || null,
      language: cell(row, 'language') || null,
      price,
    });
  };
  firstData.forEach(readRow);
  while (!piece.done) {
    Papa.parse<string[]>(piece.value, { delimiter, skipEmptyLines: 'greedy' }).data.forEach(readRow);
    yield;
    piece = pieces.next();
  }
  if (dataRows === 0) throw new CsvFileError('NO_DATA_ROWS');
  return { format, rows, errors };
}
