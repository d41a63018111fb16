import { describe, expect, it } from 'vitest';
import { DECK_FORMATS } from './formats';
import { cardLegality } from './legality';

const standard = DECK_FORMATS.onepiece.standard!;
const extra = DECK_FORMATS.onepiece.extra!;
const DAY = '2026-11-22';
const card = (cardNumber: string, rotationBlock: string | null = '3') => ({ cardNumber, blockIcon: rotationBlock, rotationBlock });

describe('a card number judged alone (the card page)', () => {
  it('is banned with the date and page of the entry in force (OP14-020 from the October 2026 update)', () => {
    expect(cardLegality(card('OP14-020'), standard, { day: DAY })).toEqual({
      status: 'banned',
      since: '2026-10-12',
      source: 'https://en.onepiece-cardgame.com/news/restriction-261001.html',
      minBlock: null,
      pairs: [],
    });
    expect(cardLegality(card('OP14-020'), extra, { day: '2026-10-11' }).status).toBe('legal');
  });

  it('follows a ban to the day it was lifted (OP05-041 Sakazuki)', () => {
    expect(cardLegality(card('OP05-041', '2'), extra, { day: '2025-08-29' })).toMatchObject({ status: 'banned', since: '2024-06-21' });
    expect(cardLegality(card('OP05-041', '2'), extra, { day: '2025-08-30' }).status).toBe('legal');
  });

  it('is legal alone but names its banned pairs (OP11-040 Luffy, OP08-069 Linlin)', () => {
    const luffy = cardLegality(card('OP11-040'), standard, { day: DAY });
    expect(luffy.status).toBe('legal');
    expect(luffy.pairs.map((p) => [p.cardNumber, p.since])).toEqual([
      ['OP11-067', '2025-08-30'],
      ['OP08-069', '2025-08-30'],
    ]);
    expect(cardLegality(card('OP08-069'), standard, { day: DAY }).pairs.map((p) => p.cardNumber)).toEqual(['OP11-040']);
  });

  it('is rotated out of Standard by its number’s newest block, never in Extra, never with no numeric block', () => {
    expect(cardLegality(card('OP01-017', '1'), standard, { day: DAY })).toMatchObject({ status: 'rotated', since: '2026-04-01', minBlock: 2 });
    expect(cardLegality(card('OP01-017', '1'), standard, { day: '2026-03-31' }).status).toBe('legal');
    expect(cardLegality(card('OP01-017', '1'), extra, { day: DAY }).status).toBe('legal');
    expect(cardLegality(card('P-001', 'X'), standard, { day: DAY }).status).toBe('legal');
    // A reprint with a newer block keeps the number legal: the number's block, not the print's.
    expect(cardLegality({ cardNumber: 'OP01-016', blockIcon: '1', rotationBlock: '4' }, standard, { day: DAY }).status).toBe('legal');
  });

  it('is restricted on an admin’s entry', () => {
    const regulations = [{ kind: 'restricted' as const, cardNumber: 'OP09-010', pairedWith: null, from: '2026-01-01', until: null, source: 'https://example.test/r' }];
    expect(cardLegality(card('OP09-010'), extra, { day: DAY, regulations })).toMatchObject({ status: 'restricted', since: '2026-01-01', source: 'https://example.test/r' });
  });
});
