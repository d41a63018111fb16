import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buyListToCsv, DEMO_PRICE_LABEL } from './export';

describe('buyListToCsv', () => {
  it('writes one row per missing number with its cheapest market, then the total; quotes what needs quoting', () => {
    const csv = buyListToCsv(
      [
        { cardNumber: 'OP01-016', name: 'Nami', missing: 3, market: 'TCGplayer', price: 125, url: 'https://www.tcgplayer.com/product/1/x' },
        { cardNumber: 'OP01-001', name: 'Roronoa Zoro, "the" hunter', missing: 1, market: null, price: null, url: null },
      ],
      'USD',
    );
    expect(csv.endsWith('\n')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      { card_number: 'OP01-016', name: 'Nami', missing: '3', market: 'TCGplayer', price_each: '1.25', subtotal: '3.75', currency: 'USD', url: 'https://www.tcgplayer.com/product/1/x', demo: '' },
      { card_number: 'OP01-001', name: 'Roronoa Zoro, "the" hunter', missing: '1', market: '', price_each: '', subtotal: '', currency: 'USD', url: '', demo: '' },
      { card_number: 'TOTAL', name: '', missing: '4', market: '', price_each: '', subtotal: '3.75', currency: 'USD', url: '', demo: '' },
    ]);
  });

  it('labels a demonstration price on its row and on the total', () => {
    const csv = buyListToCsv(
      [
        { cardNumber: 'OP01-016', name: 'Nami', missing: 2, market: 'TCGplayer', price: 100, url: null, demo: true },
        { cardNumber: 'OP01-001', name: 'Zoro', missing: 1, market: 'Cardmarket', price: 300, url: null, demo: false },
      ],
      'EUR',
    );
    const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
    expect(rows.map((r) => [r.card_number, r.demo])).toEqual([
      ['OP01-016', DEMO_PRICE_LABEL],
      ['OP01-001', ''],
      ['TOTAL', DEMO_PRICE_LABEL],
    ]);
  });
});
