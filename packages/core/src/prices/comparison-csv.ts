import Papa from 'papaparse';
import type { PriceComparisonRow } from '../contracts/reports';
import { marketplaceName, type MarketplaceId } from '../marketplaces';

const hundredthsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * Text cells a spreadsheet would run as a formula (=, +, @, a tab or CR first; - unless a number follows) are quoted
 * with a leading apostrophe; negative amounts stay numbers.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d))/;

export const COMPARISON_CSV_COLUMNS = [
  'card_number',
  'name',
  'variant',
  'set',
  'quantity',
  'reference_market',
  'reference_price',
  'lowest_market',
  'lowest_price',
  'difference',
  'difference_pct',
  'currency',
  // Added by issue 46 (the names above stay): `difference` is per copy; these say so, and the row's copies' total.
  'difference_per_copy',
  'total_saving',
] as const;

/**
 * A price comparison report as CSV (UTF-8, comma-separated, LF), one row per print in the report's order. Amounts are
 * decimals with a dot in `currency` (12.50); markets by name. `difference` and `difference_per_copy` are the same
 * per-copy amount (reference − lowest); `total_saving` is it times the row's copies (negative: the reference is cheaper).
 */
export function comparisonToCsv(rows: readonly PriceComparisonRow[], { reference, currency }: { reference: MarketplaceId; currency: string }): string {
  const data = rows.map((r) => ({
    card_number: r.card.cardNumber,
    name: r.card.name,
    variant: r.card.variant ?? '',
    set: r.card.set?.code ?? '',
    quantity: r.quantity,
    reference_market: marketplaceName(reference),
    reference_price: hundredthsText(r.referencePrice),
    lowest_market: marketplaceName(r.lowestMarket),
    lowest_price: hundredthsText(r.lowestPrice),
    difference: hundredthsText(r.difference),
    difference_pct: r.differencePct.toFixed(2),
    currency,
    difference_per_copy: hundredthsText(r.difference),
    total_saving: hundredthsText(r.totalSaving),
  }));
  return `${Papa.unparse(data, { columns: [...COMPARISON_CSV_COLUMNS], newline: '\n', escapeFormulae: FORMULA_START })}\n`;
}
