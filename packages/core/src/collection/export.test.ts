import { describe, expect, it } from 'vitest';
import { parseCardCsv } from '../formats/collection-csv';
import { binderToCsvWithPrices, binderToLigaCsv, binderToOptcgSim, type ExportBinderRow } from './export';

const rows: ExportBinderRow[] = [
  { cardNumber: 'OP01-001', name: 'Roronoa Zoro', setCode: 'OP-01', variant: null, quantity: 1, condition: 'NM', language: 'EN', purchasePriceMinor: 1250, purchaseCurrency: 'BRL' },
  { cardNumber: 'OP01-001', name: 'Roronoa Zoro', setCode: 'OP-01', variant: 'p1', quantity: 2 },
  { cardNumber: 'ST01-012', name: 'Monkey.D.Luffy, "Gear 5"', setCode: 'ST-01', variant: null, quantity: 4 },
];

describe('binder exports', () => {
  it('writes Liga CSV that our importer reads back print by print', () => {
    const csv = binderToLigaCsv(rows);
    expect(csv.split('\n')[0]).toBe('quantity,name,edition,number,variant,condition,language,price');
    expect(csv).toContain('"Monkey.D.Luffy, ""Gear 5"""');
    const back = parseCardCsv(csv);
    expect(back.errors).toEqual([]);
    expect(back.rows.map((r) => [r.quantity, r.edition, r.number, r.variant, r.condition, r.language, r.price])).toEqual([
      [1, 'OP-01', 'OP01-001', null, 'NM', 'EN', 12.5],
      [2, 'OP-01', 'OP01-001', 'p1', null, null, null],
      [4, 'ST-01', 'ST01-012', null, null, null, null],
    ]);
  });
  it('adds labelled unit and total price columns, empty when a price is unknown', () => {
    const csv = binderToCsvWithPrices(rows, { currency: 'BRL', marketplace: 'liga', priceOf: (r) => (r.variant ? null : 200) });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/,unit_price_BRL_liga,total_BRL_liga$/);
    expect(lines[1]).toMatch(/,2\.00,2\.00$/);
    expect(lines[2]).toMatch(/,,$/);
    expect(lines[3]).toMatch(/,2\.00,8\.00$/);
  });
  it('writes OPTCG Sim text with prints of one number together', () => {
    expect(binderToOptcgSim(rows)).toBe('3xOP01-001\n4xST01-012\n');
  });
});
