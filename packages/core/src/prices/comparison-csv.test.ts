import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Card } from '../contracts/cards';
import type { PriceComparisonRow } from '../contracts/reports';
import { COMPARISON_CSV_COLUMNS, comparisonToCsv } from './comparison-csv';

const card = (cardNumber: string, name: string, variant: string | null = null) =>
  ({ id: 1, cardNumber, name, variant, set: { code: 'OP-01', name: 'Romance Dawn', slug: 'op-01' } }) as unknown as Card;

const row = (over: Partial<PriceComparisonRow>): PriceComparisonRow => ({
  cardId: 1,
  referencePrice: 1000,
  lowestPrice: 650,
  lowestMarket: 'market5',
  difference: 350,
  differencePct: 35,
  card: card('OP01-016', 'Nami'),
  quantity: 2,
  totalSaving: 700,
  prices: {},
  estimate: false,
  demo: false,
  ...over,
});

describe('comparisonToCsv', () => {
  it('keeps the columns it always had, then adds the per-copy difference and the total for the row\'s copies', () => {
    expect(COMPARISON_CSV_COLUMNS.slice(0, 12)).toEqual(['card_number', 'name', 'variant', 'set', 'quantity', 'reference_market', 'reference_price', 'lowest_market', 'lowest_price', 'difference', 'difference_pct', 'currency']);
    expect(COMPARISON_CSV_COLUMNS.slice(12)).toEqual(['difference_per_copy', 'total_saving']);
  });

  it('writes one row per print with decimal amounts and market names', () => {
    const csv = comparisonToCsv([row({}), row({ card: card('OP01-013', 'Sanji, "Mr. Prince"', 'p1'), referencePrice: 200, lowestPrice: 250, lowestMarket: 'market4', difference: -50, differencePct: -25, quantity: 1, totalSaving: -50 })], { reference: 'us', currency: 'USD' });
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.meta.fields).toEqual([...COMPARISON_CSV_COLUMNS]);
    expect(parsed.data[0]).toEqual({ card_number: 'OP01-016', name: 'Nami', variant: '', set: 'OP-01', quantity: '2', reference_market: 'TCGplayer', reference_price: '10.00', lowest_market: 'Cardmarket', lowest_price: '6.50', difference: '3.50', difference_pct: '35.00', currency: 'USD', difference_per_copy: '3.50', total_saving: '7.00' });
    // Quotes survive; a negative amount stays a number (not quoted as a formula).
    expect(parsed.data[1]).toMatchObject({ name: 'Sanji, "Mr. Prince"', variant: 'p1', lowest_market: 'MYP Cards', difference: '-0.50', difference_pct: '-25.00', difference_per_copy: '-0.50', total_saving: '-0.50' });
    expect(csv.endsWith('\n')).toBe(true);
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    const csv = comparisonToCsv([row({ card: card('OP01-016', '=HYPERLINK("http://x")') }), row({ card: card('OP01-017', '-cmd') }), row({ card: card('OP01-018', '@SUM(A1)') })], { reference: 'us', currency: 'USD' });
    const names = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data.map((r) => r.name);
    expect(names).toEqual([`'=HYPERLINK("http://x")`, "'-cmd", "'@SUM(A1)"]);
  });
});
