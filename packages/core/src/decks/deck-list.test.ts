import { describe, expect, it } from 'vitest';
import { parseDeckList } from './deck-list';
import { toCsvWithPrices, toLigaCsv, toOptcgSim, type ExportDeck } from './export';

describe('deck list text (OPTCG Sim and community variants)', () => {
  it('reads every accepted line shape, with its line number', () => {
    const text = [
      'Leader',
      '1xOP01-001',
      'Characters (12)',
      '4xOP01-016',
      '4 x ST01-007',
      '4 OP01-120',
      'OP01-024 x3',
      '2 Monkey.D.Luffy (OP01-024)',
      'P-001',
      '3X op05-041_p1',
      'Events:',
      'DON!! x10',
      'Total: 51',
      '// a comment',
      '# another',
    ].join('\r\n');
    const { entries, errors } = parseDeckList(text);
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { line: 2, quantity: 1, cardNumber: 'OP01-001', variant: null },
      { line: 4, quantity: 4, cardNumber: 'OP01-016', variant: null },
      { line: 5, quantity: 4, cardNumber: 'ST01-007', variant: null },
      { line: 6, quantity: 4, cardNumber: 'OP01-120', variant: null },
      { line: 7, quantity: 3, cardNumber: 'OP01-024', variant: null },
      { line: 8, quantity: 2, cardNumber: 'OP01-024', variant: null },
      { line: 9, quantity: 1, cardNumber: 'P-001', variant: null },
      { line: 10, quantity: 3, cardNumber: 'OP05-041', variant: 'p1' },
    ]);
  });

  it('reports lines without a card number or with an impossible quantity, and keeps the rest', () => {
    const { entries, errors } = parseDeckList('4 Nami\n\n  4xOP01-016  \n0xOP01-017\n100xOP01-018\nhello world\n');
    expect(entries).toEqual([{ line: 3, quantity: 4, cardNumber: 'OP01-016', variant: null }]);
    expect(errors).toEqual([
      { line: 1, text: '4 Nami', reason: 'NO_CARD_NUMBER' },
      { line: 4, text: '0xOP01-017', reason: 'BAD_QUANTITY' },
      { line: 5, text: '100xOP01-018', reason: 'BAD_QUANTITY' },
      { line: 6, text: 'hello world', reason: 'NO_CARD_NUMBER' },
    ]);
  });

  it('accepts a byte-order mark, old Mac line ends and an empty text', () => {
    expect(parseDeckList('\uFEFF1xOP01-001\r4xEB01-005').entries.map((e) => e.cardNumber)).toEqual(['OP01-001', 'EB01-005']);
    expect(parseDeckList('')).toEqual({ entries: [], errors: [] });
    expect(parseDeckList('PRB01-001').entries[0]).toMatchObject({ cardNumber: 'PRB01-001', quantity: 1 });
  });
});

const deck: ExportDeck = {
  leader: { cardNumber: 'OP01-001', name: 'Roronoa Zoro', setCode: 'OP-01' },
  cards: [
    { cardNumber: 'OP01-016', name: 'Nami', setCode: 'OP-01', quantity: 3 },
    { cardNumber: 'ST01-012', name: 'Monkey.D.Luffy, "Gear 2"', setCode: 'ST-01', quantity: 4 },
    { cardNumber: 'OP01-016', name: 'Nami', setCode: 'OP-01', quantity: 1, variant: 'p1' },
  ],
};

describe('deck export', () => {
  it('writes OPTCG Sim text that reads back to the same deck', () => {
    const text = toOptcgSim(deck);
    expect(text).toBe('1xOP01-001\n4xOP01-016\n4xST01-012\n');
    expect(parseDeckList(text).entries.map((e) => [e.quantity, e.cardNumber])).toEqual([
      [1, 'OP01-001'],
      [4, 'OP01-016'],
      [4, 'ST01-012'],
    ]);
  });

  it('writes Liga CSV with quoting where a name needs it', () => {
    expect(toLigaCsv(deck)).toBe(
      'quantity,name,edition,number\n1,Roronoa Zoro,OP-01,OP01-001\n4,Nami,OP-01,OP01-016\n4,"Monkey.D.Luffy, ""Gear 2""",ST-01,ST01-012\n',
    );
  });

  it('adds labelled price columns, empty where no price is known', () => {
    const csv = toCsvWithPrices(deck, { currency: 'BRL', marketplace: 'br', priceOf: (n) => (n === 'OP01-016' ? 250 : null) });
    expect(csv.split('\n')).toEqual([
      'quantity,name,edition,number,unit_price_BRL_br,total_BRL_br',
      '1,Roronoa Zoro,OP-01,OP01-001,,',
      '4,Nami,OP-01,OP01-016,2.50,10.00',
      '4,"Monkey.D.Luffy, ""Gear 2""",ST-01,ST01-012,,',
      '',
    ]);
  });
});
