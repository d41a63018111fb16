import Papa from 'papaparse';

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

export type CsvRowProblem = 'MISSING_NUMBER' | 'MISSING_EDITION' | 'BAD_QUANTITY' | 'BAD_PRICE';

export interface CsvRowError {
  line: number;
  edition: string | null;
  name: string | null;
  number: string | null;
  reason: CsvRowProblem;
}

/** Problems that stop the whole import (spec §8 names them: no file, no data rows, no valid cards, format not implemented). */
export type CsvFileProblem = 'NO_FILE' | 'NOT_UTF8' | 'NO_DATA_ROWS' | 'FORMAT_NOT_IMPLEMENTED' | 'NO_VALID_CARDS';

export interface ParsedCardCsv {
  format: 'liga' | 'generic';
  rows: CsvCardRow[];
  errors: CsvRowError[];
}

export class CsvFileError extends Error {
  constructor(readonly problem: CsvFileProblem) {
    super(problem);
    this.name = 'CsvFileError';
  }
}

/** The text of an uploaded file; anything that is not valid UTF-8 is refused rather than shown as mojibake. */
export function decodeUtf8(bytes: Uint8Array | null | undefined): string {
  if (!bytes || bytes.length === 0) throw new CsvFileError('NO_FILE');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new CsvFileError('NOT_UTF8');
  }
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

const NUMBER = /^((?:OP|ST|EB|PRB)\d{2}-\d{3}|P-\d{3})(?:[-_]([A-Za-z]{1,3}\d*))?$/i;

/** `2,50`, `2.50`, `R$ 1.234,56` → 2.5 / 1234.56; empty → null; anything else → NaN. */
export function parsePrice(text: string): number | null {
  const t = text.replace(/[^\d.,-]/g, '');
  if (!t) return text.trim() ? Number.NaN : null;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  const normalized = lastComma > lastDot ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  const n = Number(normalized);
  return Number.isFinite(n) && n >= 0 ? n : Number.NaN;
}

export function parseCardCsv(text: string): ParsedCardCsv {
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) throw new CsvFileError('NO_DATA_ROWS');
  const parsed = Papa.parse<string[]>(clean, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data;
  if (!header || data.length === 0) throw new CsvFileError('NO_DATA_ROWS');
  const index: Partial<Record<Column, number>> = {};
  header.forEach((cell, i) => {
    const key = fold(cell);
    for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (index[column] === undefined && names.some((n) => fold(n) === key)) index[column] = i;
    }
  });
  if (index.number === undefined) throw new CsvFileError('FORMAT_NOT_IMPLEMENTED');
  const format = index.edition === undefined ? 'generic' : 'liga';
  const cell = (row: string[], column: Column) => {
    const i = index[column];
    const v = i === undefined ? '' : (row[i] ?? '').trim();
    return v;
  };
  const rows: CsvCardRow[] = [];
  const errors: CsvRowError[] = [];
  data.forEach((row, i) => {
    const line = i + 2;
    const edition = cell(row, 'edition') || null;
    const name = cell(row, 'name') || null;
    const rawNumber = cell(row, 'number');
    const fail = (reason: CsvRowProblem, number: string | null = rawNumber || null) => errors.push({ line, edition, name, number, reason });
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
  });
  return { format, rows, errors };
}
