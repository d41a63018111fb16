import type { ImportFailure, ImportResult } from '@grandline/core/contracts/binders';
import { IMPORT_FAILURE_MESSAGES_EN } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import { DEFAULT_MARKETPLACE, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { centsToMinor } from '@grandline/core/money/money';
import type { PlanId } from '@grandline/core/plans';
import { DEFAULT_PRICE_CONFIG, type PriceConfig } from '../../lib/price-config';
import { priceSummaries } from '../prices/prices.service';
import { binderToCsvWithPrices, binderToLigaCsv, binderToOptcgSim, type ExportBinderRow } from '@grandline/core/collection/export';
import { matchEdition } from '@grandline/core/collection/liga-editions';
import { parseDeckListCooperative } from '@grandline/core/decks/deck-list';
import { trimChar } from '@grandline/core/slug';
import { runStepsCooperative } from '@grandline/core/steps';
import {
  checkImportText,
  CsvFileError,
  decodeUtf8Steps,
  MAX_IMPORT_LINE_LENGTH,
  MAX_IMPORT_ROWS,
  parseCardCsvCooperative,
  type CsvCardRow,
} from '@grandline/core/formats/collection-csv';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isOwner } from '../../db/ownership';
import { binderCards } from '../../db/schema/index';
import { createPause } from '../../lib/cooperative';
import { AppError } from '../../lib/errors';
import { countCsvExport } from '../../lib/plan-gates';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { binderAccess, binderCopies, checkBinderSize, lockBinder, touch, type User, type Viewer } from './binder-access';
import { rowFromInput, type NewRow } from './binder-row-columns';
import { mergeDuplicates, upsertRows } from './binder-rows.service';
import { rowsOf } from './binder-snapshot';

/** Binder files: import (Liga/generic CSV, OPTCG Sim) in one transaction with every failed row reported, and export. */

/** An import answer lists at most this many failed rows (the first ones), with `failureCount` giving them all. */
const MAX_REPORTED_FAILURES = 1_000;
const failureOf = (f: Omit<ImportFailure, 'message'>): ImportFailure => ({ ...f, message: IMPORT_FAILURE_MESSAGES_EN[f.reason] });

function fileError(problem: string, line?: number) {
  const messages: Record<string, string> = {
    NO_FILE: 'No file was sent',
    NOT_UTF8: 'The file is not UTF-8 text. Save it as CSV UTF-8 and try again',
    NO_DATA_ROWS: 'The file has no data rows',
    FORMAT_NOT_IMPLEMENTED: 'This file format is not implemented: a card number column is required',
    NO_VALID_CARDS: 'No valid cards in the file',
    TOO_MANY_ROWS: `A file can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`,
    LINE_TOO_LONG: `A line of the file is longer than ${MAX_IMPORT_LINE_LENGTH.toLocaleString('en')} characters`,
  };
  return new AppError(problem as 'NO_FILE', 400, messages[problem] ?? problem, undefined, line === undefined ? undefined : { line });
}

/** File-level problems of the readers become 400 answers; anything else is a bug and stays a 500. */
async function readingFile<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof CsvFileError) throw fileError(err.problem, err.line);
    throw err;
  }
}

/** Finds the print a CSV row names: its edition must be one we know, and the number must be printed in it. */
function matchCsvRow(row: CsvCardRow, index: CatalogueIndex, game: string): Card | 'EXPANSION_NOT_FOUND' | 'CARD_NOT_FOUND' {
  const byNumber = () => (row.variant && index.byVariant.get(`${game}:${row.number}_${row.variant}`)) || index.baseByNumber.get(`${game}:${row.number}`) || 'CARD_NOT_FOUND';
  if (row.edition === null) return byNumber();
  const edition = matchEdition(row.edition, index.setCodes);
  if (edition.kind === 'unknown') return 'EXPANSION_NOT_FOUND';
  if (edition.kind === 'any') return byNumber();
  const prints = edition.setCodes.flatMap((code) => index.bySetNumber.get(`${code}:${row.number}`) ?? []);
  if (!prints.length) return 'CARD_NOT_FOUND';
  return (row.variant && prints.find((p) => p.variant === row.variant)) || prints.find((p) => !p.isVariation) || prints[0]!;
}

const CONDITIONS = new Set(['M', 'NM', 'SP', 'MP', 'HP', 'D']);

/** Reads an uploaded file (bytes) into rows of the library plus the failures, without touching the database. */
async function readImport(bytes: Uint8Array | readonly Uint8Array[], format: 'csv' | 'optcgsim', currency: string, index: CatalogueIndex, game = 'onepiece') {
  const pause = createPause();
  /** Every 500 rows of the loops below, a pause (it only yields once a few milliseconds of work have passed). */
  const every500 = (i: number) => (i % 500 === 499 ? pause() : undefined);
  // Both formats are line-based: a line too long is refused while the file is decoded, before it is one string.
  const text = await readingFile(() => runStepsCooperative(decodeUtf8Steps(bytes, { maxLineLength: MAX_IMPORT_LINE_LENGTH }), pause));
  const rows: NewRow[] = [];
  const failures: ImportFailure[] = [];
  if (format === 'optcgsim') {
    await readingFile(async () => checkImportText(text, { header: false }));
    const parsed = await parseDeckListCooperative(text, pause);
    if (!parsed.entries.length && !parsed.errors.length) throw fileError('NO_DATA_ROWS');
    for (const [i, e] of parsed.errors.entries()) {
      await every500(i);
      failures.push(failureOf({ line: e.line, edition: null, name: null, number: null, reason: e.reason === 'BAD_QUANTITY' ? 'BAD_QUANTITY' : 'MISSING_NUMBER' }));
    }
    for (const [i, e] of parsed.entries.entries()) {
      await every500(i);
      const card = (e.variant && index.byVariant.get(`${game}:${e.cardNumber}_${e.variant}`)) || index.baseByNumber.get(`${game}:${e.cardNumber}`);
      if (!card) failures.push(failureOf({ line: e.line, edition: null, name: null, number: e.cardNumber, reason: 'CARD_NOT_FOUND' }));
      else rows.push(rowFromInput({ cardId: card.id, quantity: e.quantity }));
    }
    return { format: 'optcgsim' as const, rows, failures: failures.sort((a, b) => a.line - b.line) };
  }
  const parsed = await readingFile(() => parseCardCsvCooperative(text, pause));
  for (const [i, e] of parsed.errors.entries()) {
    await every500(i);
    failures.push(failureOf(e));
  }
  for (const [i, row] of parsed.rows.entries()) {
    await every500(i);
    const found = matchCsvRow(row, index, game);
    if (typeof found === 'string') {
      failures.push(failureOf({ line: row.line, edition: row.edition, name: row.name, number: row.number, reason: found }));
      continue;
    }
    const condition = row.condition?.toUpperCase() ?? '';
    const language = row.language?.toUpperCase().slice(0, 20) ?? '';
    rows.push(rowFromInput({ cardId: found.id, quantity: row.quantity, condition: CONDITIONS.has(condition) ? condition : '', language, purchasePrice: row.price, purchaseCurrency: currency }));
  }
  return { format: parsed.format, rows, failures: failures.sort((a, b) => a.line - b.line) };
}

/**
 * Imports a file into a binder in one transaction: rows that fail validation are reported and the valid rows are
 * kept; a database failure half-way leaves the binder exactly as it was (replace mode included).
 */
export async function importIntoBinder({
  db,
  user,
  plan,
  id,
  bytes,
  format,
  mode,
  currency,
}: {
  db: Db;
  user: User;
  plan: PlanId;
  id: string;
  /** The file, whole or in the pieces it arrived in. */
  bytes: Uint8Array | readonly Uint8Array[];
  format: 'csv' | 'optcgsim';
  mode: 'merge' | 'replace';
  currency: string;
}): Promise<ImportResult> {
  const index = await catalogueIndex(db);
  await binderAccess.changeable(db, user, id);
  const read = await readImport(bytes, format, currency, index);
  const failureCount = read.failures.length;
  const failures = read.failures.slice(0, MAX_REPORTED_FAILURES);
  if (!read.rows.length) {
    throw new AppError('NO_VALID_CARDS', 400, 'No valid cards in the file', undefined, { failures, failureCount });
  }
  const rows = mergeDuplicates(read.rows);
  await db.transaction(async (tx) => {
    await lockBinder(tx, id);
    const before = await binderCopies(tx, id);
    if (mode === 'replace') await tx.delete(binderCards).where(eq(binderCards.binderId, id));
    await upsertRows(tx, id, rows);
    await checkBinderSize(tx, id, plan, before);
    await touch(tx, id, { clearStaleCover: mode === 'replace' });
  });
  return { format: read.format, mode, imported: read.rows.length, copies: read.rows.reduce((n, r) => n + r.quantity, 0), failures, failureCount };
}

export async function exportBinder({
  db,
  viewer,
  id,
  format,
  prices,
  plan,
  now = new Date(),
}: {
  db: Db;
  viewer: Viewer;
  id: string;
  format: 'liga' | 'prices' | 'optcgsim';
  /** The viewer's plan: a CSV export (Liga or with prices) counts as one of their month's CSV exports. */
  plan: PlanId;
  now?: Date;
  /** Format with Prices: the market, price type and currency of its columns, and the price configuration. */
  prices?: { market: MarketplaceId; priceType: PriceType; currency: CurrencyCode; config: PriceConfig };
}) {
  const index = await catalogueIndex(db);
  const record = await binderAccess.readable(db, viewer, id);
  const stored = await rowsOf(db, [id]);
  // Only the owner's export carries what they paid.
  const owner = isOwner(viewer, record);
  const cardIdOf = new Map<ExportBinderRow, number>();
  const rows: ExportBinderRow[] = stored
    .flatMap((r) => {
      const card = index.byId.get(r.cardId);
      return card ? [{ r, card }] : [];
    })
    .sort((a, b) => (index.rank.get(a.card.id) ?? 0) - (index.rank.get(b.card.id) ?? 0))
    .map(({ r, card }) => {
      const row: ExportBinderRow = {
      cardNumber: card.cardNumber,
      name: card.name,
      setCode: card.set?.code ?? null,
      variant: card.variant,
      quantity: r.quantity,
      condition: r.condition || null,
      language: r.language || null,
        purchasePriceMinor: owner ? r.purchasePriceMinor : null,
        purchaseCurrency: owner ? r.purchaseCurrency : null,
      };
      cardIdOf.set(row, card.id);
      return row;
    });
  if (!rows.length) throw new AppError('NO_CARDS_TO_EXPORT', 400, 'No cards to export');
  // A CSV is one of the month's CSV exports, so it needs a signed-in viewer (a public binder's OPTCG Sim list does not).
  if (format !== 'optcgsim') {
    if (!viewer) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to access this feature');
    await db.transaction((tx) => countCsvExport(tx, { userId: viewer.id, plan, now, kind: 'binder', subjectId: id }));
  }
  const base = trimChar(record.name.replace(/[^\p{L}\p{N}_-]+/gu, '-'), '-').slice(0, 60) || 'binder';
  if (format === 'optcgsim') return { filename: `${base}.txt`, contentType: 'text/plain; charset=utf-8', body: binderToOptcgSim(rows) };
  if (format === 'prices') {
    // The current price of each print in the asked market, price type and currency; a print without one keeps empty cells.
    const { market = DEFAULT_MARKETPLACE, priceType = 'min', currency = 'USD', config = DEFAULT_PRICE_CONFIG } = prices ?? {};
    const summaries = await priceSummaries({ db, cardIds: [...new Set(cardIdOf.values())], market, currency, config });
    const priceOf = (row: ExportBinderRow) => {
      const cents = summaries.get(cardIdOf.get(row)!)?.[priceType] ?? null;
      return cents === null ? null : centsToMinor(cents, currency);
    };
    return { filename: `${base}-prices.csv`, contentType: 'text/csv; charset=utf-8', body: binderToCsvWithPrices(rows, { currency, marketplace: market, priceOf }) };
  }
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: binderToLigaCsv(rows) };
}

