import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buyListToCsv } from './export';

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
      { card_number: 'OP01-016', name: 'Nami', missing: '3', market: 'TCGplayer', price_each: '1.25', subtotal: '3.75', currency: 'USD', url: 'https://www.tcgplayer.com/product/1/x' },
      { card_number: 'OP01-001', name: 'Roronoa Zoro, "the" hunter', missing: '1', market: '', price_each: '', subtotal: '', currency: 'USD', url: '' },
      { card_number: 'TOTAL', name: '', missing: '4', market: '', price_each: '', subtotal: '3.75', currency: 'USD', url: '' },
    ]);
  });
});
