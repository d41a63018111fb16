import { describe, expect, it } from 'vitest';
import { cardmarketWantsList, exportFileName, lineName, listPrints, mergeMissing, missingOfList, tcgplayerMassEntry, tcgplayerMassEntryUrl, type MissingCard } from './missing-exports';

const missing: MissingCard[] = [
  { cardNumber: 'OP01-047', name: 'Trafalgar Law', quantity: 2 },
  { cardNumber: 'OP05-119', name: 'Monkey.D.Luffy', quantity: 1 },
  { cardNumber: 'ST10-006', name: 'Monkey.D.Luffy', quantity: 4 },
  { cardNumber: 'P-047', name: 'Yamato', quantity: 1 },
];

describe('TCGplayer Mass Entry text', () => {
  it('writes "quantity name [SET]", one line per missing number', () => {
    expect(tcgplayerMassEntry(missing)).toBe(['2 Trafalgar Law [OP01]', '1 Monkey.D.Luffy [OP05]', '4 Monkey.D.Luffy [ST10]', '1 Yamato [P]'].join('\n'));
  });

  it('adds up two prints of one number and leaves out what is not missing', () => {
    const text = tcgplayerMassEntry([
      { cardNumber: 'OP01-047', name: 'Trafalgar Law', quantity: 1 },
      { cardNumber: 'OP01-047', name: 'Trafalgar Law', quantity: 2 },
      { cardNumber: 'OP02-001', name: 'Edward.Newgate', quantity: 0 },
    ]);
    expect(text).toBe('3 Trafalgar Law [OP01]');
  });

  it('keeps a name on its line: no line break, bracket or "||" from a hostile name reaches the text', () => {
    const text = tcgplayerMassEntry([{ cardNumber: 'OP01-001', name: 'Evil\n4 Free Card [OP99]||1 X', quantity: 1 }]);
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toBe('1 Evil 4 Free Card OP99|1 X [OP01]');
  });

  it('is empty when nothing is missing', () => {
    expect(tcgplayerMassEntry([])).toBe('');
    expect(cardmarketWantsList([])).toBe('');
  });

  it('fills the Mass Entry page through its address: the lines joined by "||", the One Piece product line', () => {
    const url = new URL(tcgplayerMassEntryUrl(missing.slice(0, 2)));
    expect(url.origin + url.pathname).toBe('https://www.tcgplayer.com/massentry');
    expect(url.searchParams.get('productline')).toBe('One Piece Card Game');
    expect(url.searchParams.get('c')).toBe('2 Trafalgar Law [OP01]||1 Monkey.D.Luffy [OP05]');
  });
});

describe('Cardmarket wants list', () => {
  it('writes "quantity name", one line per missing number, as a text file ending with a line break', () => {
    expect(cardmarketWantsList(missing)).toBe('2 Trafalgar Law\n1 Monkey.D.Luffy\n4 Monkey.D.Luffy\n1 Yamato\n');
  });
});

describe('helpers', () => {
  it('cleans a name for one line', () => {
    expect(lineName('  Nami  [Alt]\r\n ')).toBe('Nami Alt');
  });

  it('merges by number in the order given', () => {
    expect(mergeMissing([missing[1]!, missing[0]!, { ...missing[1]!, quantity: 2 }]).map((c) => [c.cardNumber, c.quantity])).toEqual([
      ['OP05-119', 3],
      ['OP01-047', 2],
    ]);
  });

  it('names the file after the leader', () => {
    expect(exportFileName('wants', 'Enel', 'OP05-098')).toBe('wants-enel-op05-098.txt');
    expect(exportFileName('mass-entry', 'Monkey.D.Luffy', 'OP05-060')).toBe('mass-entry-monkey-d-luffy-op05-060.txt');
    expect(exportFileName('wants', '', '')).toBe('wants-list.txt');
  });
});

describe('what a list still needs', () => {
  const law = { id: 10, name: 'Trafalgar Law', cardNumber: 'OP01-047' };
  const lawAlt = { id: 11, name: 'Trafalgar Law (Parallel)', cardNumber: 'OP01-047' };
  const leader = { id: 1, name: 'Enel', cardNumber: 'OP05-098' };
  const rows = [
    { card: law, quantity: 2 },
    { card: lawAlt, quantity: 2 },
    { card: { id: 20, name: 'Nami', cardNumber: 'OP01-016' }, quantity: 4 },
  ];

  it('counts any print of a number as owned, names the number after its first print, leader first', () => {
    expect(missingOfList(rows, leader, { 'OP01-047': 1, 'OP01-016': 4 })).toEqual([
      { cardNumber: 'OP05-098', name: 'Enel', quantity: 1 },
      { cardNumber: 'OP01-047', name: 'Trafalgar Law', quantity: 3 },
    ]);
  });

  it('needs nothing when the binders hold every copy, and never less than nothing', () => {
    expect(missingOfList(rows, leader, { 'OP05-098': 3, 'OP01-047': 9, 'OP01-016': 4 })).toEqual([]);
    expect(missingOfList(rows, null, { 'OP01-047': -5 })).toEqual([
      { cardNumber: 'OP01-047', name: 'Trafalgar Law', quantity: 4 },
      { cardNumber: 'OP01-016', name: 'Nami', quantity: 4 },
    ]);
  });

  it('lists every copy by print for the wishlist when nothing is owned', () => {
    expect(listPrints(rows, leader)).toEqual([
      { cardId: 1, quantity: 1 },
      { cardId: 10, quantity: 2 },
      { cardId: 11, quantity: 2 },
      { cardId: 20, quantity: 4 },
    ]);
  });
});
