import { describe, expect, it } from 'vitest';
import { addRow, copiesIn, correctRow, emptySession, MAX_COPIES, MAX_ROWS, parseSession, pickPrint, readyRows, removeRow, setQuantity, withoutRows } from './scan-session';

describe('scan session', () => {
  it('puts each scan at the top of the list with one copy and no print picked yet', () => {
    let s = addRow(emptySession(), 'OP05-119', 'camera');
    s = addRow(s, 'ST10-004', 'typed');
    expect(s.rows.map((r) => [r.cardNumber, r.quantity, r.cardId, r.source])).toEqual([
      ['ST10-004', 1, null, 'typed'],
      ['OP05-119', 1, null, 'camera'],
    ]);
    expect(new Set(s.rows.map((r) => r.id)).size).toBe(2);
  });

  it('stops at the row limit without losing the rows it has', () => {
    let s = emptySession();
    for (let i = 0; i < MAX_ROWS + 5; i++) s = addRow(s, 'OP01-001', 'camera');
    expect(s.rows).toHaveLength(MAX_ROWS);
  });

  it('a typed correction replaces the number and asks for the print again', () => {
    let s = addRow(emptySession(), 'OP05-118', 'camera');
    const id = s.rows[0]!.id;
    s = pickPrint(s, id, 42);
    s = correctRow(s, id, 'OP05-119');
    expect(s.rows[0]).toMatchObject({ cardNumber: 'OP05-119', cardId: null, source: 'typed' });
    // The same number typed again keeps the print picked.
    s = pickPrint(s, id, 43);
    expect(correctRow(s, id, 'OP05-119').rows[0]!.cardId).toBe(43);
  });

  it('keeps quantities between 1 and the limit, whole numbers only', () => {
    const s = addRow(emptySession(), 'OP01-001', 'camera');
    const id = s.rows[0]!.id;
    expect(setQuantity(s, id, 0).rows[0]!.quantity).toBe(1);
    expect(setQuantity(s, id, 2.7).rows[0]!.quantity).toBe(2);
    expect(setQuantity(s, id, 10_000).rows[0]!.quantity).toBe(MAX_COPIES);
    expect(setQuantity(s, id, Number.NaN).rows[0]!.quantity).toBe(1);
  });

  it('saves only rows with a print, and leaves the others in the list', () => {
    let s = addRow(addRow(addRow(emptySession(), 'OP01-001', 'camera'), 'OP01-002', 'camera'), 'XX', 'typed');
    const [third, second, first] = s.rows.map((r) => r.id) as [string, string, string];
    s = setQuantity(pickPrint(pickPrint(s, first, 1), second, 2), second, 3);
    const ready = readyRows(s);
    expect(ready.map((r) => r.cardNumber)).toEqual(['OP01-002', 'OP01-001']);
    expect(copiesIn(ready)).toBe(4);
    s = withoutRows(s, new Set(ready.map((r) => r.id)));
    expect(s.rows.map((r) => r.id)).toEqual([third]);
    expect(removeRow(s, third).rows).toEqual([]);
  });

  it('reads back what it stored, and nothing it did not write', () => {
    let s = addRow(addRow(emptySession(), 'OP01-001', 'camera'), 'P-033', 'typed');
    s = pickPrint(s, s.rows[1]!.id, 7);
    expect(parseSession(JSON.stringify(s))).toEqual(s);
    expect(parseSession(null)).toEqual(emptySession());
    expect(parseSession('{not json')).toEqual(emptySession());
    expect(parseSession('[]')).toEqual(emptySession());
    const tampered = { rows: [...s.rows, { id: 'r9', cardNumber: '<img src=x>', cardId: null, quantity: 1, source: 'camera' }, { id: 'r1', cardNumber: 'OP01-009', cardId: null, quantity: 1, source: 'camera' }], next: 1 };
    const read = parseSession(JSON.stringify(tampered));
    expect(read.rows).toEqual(s.rows);
    // The next id never repeats one in the list.
    expect(read.next).toBeGreaterThan(2);
  });
});
