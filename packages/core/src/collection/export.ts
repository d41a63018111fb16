import Papa from 'papaparse';
import { decimalText } from '../money/money';

/** One binder row as the exporters need it: a print, its copies and what the collector noted about them. */
export interface ExportBinderRow {
  cardNumber: string;
  name: string;
  setCode: string | null;
  variant: string | null;
  quantity: number;
  condition?: string | null;
  language?: string | null;
  /** What was paid, in minor units of purchaseCurrency (see ../money). */
  purchasePriceMinor?: number | null;
  purchaseCurrency?: string | null;
}

const LIGA_COLUMNS = ['quantity', 'name', 'edition', 'number', 'variant', 'condition', 'language', 'price'];

const ligaRow = (r: ExportBinderRow) => ({
  quantity: r.quantity,
  name: r.name,
  edition: r.setCode ?? '',
  number: r.cardNumber,
  variant: r.variant ?? '',
  condition: r.condition ?? '',
  language: r.language ?? '',
  price: r.purchasePriceMinor == null ? '' : decimalText(r.purchasePriceMinor, r.purchaseCurrency),
});

/**
 * Liga CSV Standard for a binder: UTF-8, comma-separated, one line per print, with Liga's edition code and the
 * card number first, then the print variant (p1, r1…), condition, language and purchase price — the columns
 * our importer reads back, so an export imports again without loss.
 */
export function binderToLigaCsv(rows: readonly ExportBinderRow[]): string {
  return `${Papa.unparse(rows.map(ligaRow), { columns: LIGA_COLUMNS, newline: '\n' })}\n`;
}

/** "Format with Prices": the Liga columns plus the unit market price and line total, labelled with currency and marketplace. */
export function binderToCsvWithPrices(
  rows: readonly ExportBinderRow[],
  { currency, marketplace, priceOf }: { currency: string; marketplace: string; /** Unit price in minor units of `currency`. */ priceOf: (row: ExportBinderRow) => number | null },
): string {
  const unit = `unit_price_${currency}_${marketplace}`;
  const total = `total_${currency}_${marketplace}`;
  const data = rows.map((r) => {
    const price = priceOf(r);
    return { ...ligaRow(r), [unit]: price === null ? '' : decimalText(price, currency), [total]: price === null ? '' : decimalText(price * r.quantity, currency) };
  });
  return `${Papa.unparse(data, { columns: [...LIGA_COLUMNS, unit, total], newline: '\n' })}\n`;
}

/** OPTCG Sim text: one `<qty>x<number>` line per card number (prints of one number together), LF line ends. */
export function binderToOptcgSim(rows: readonly ExportBinderRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.cardNumber, (counts.get(r.cardNumber) ?? 0) + r.quantity);
  return `${[...counts].map(([n, q]) => `${q}x${n}`).join('\n')}\n`;
}
