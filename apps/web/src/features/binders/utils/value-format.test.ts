import { describe, expect, it } from 'vitest';
import { barPercents, centsText, hasPrices, percentText, rowTotalOf, signedCentsText, splitMovers, toneClass, toneOf, unitOf } from './value-format';

const price = { min: 120, avg: 150, max: null, date: '2026-11-20', demo: false, estimate: false, stale: false };
const mover = (cardId: number, change: number, ratio: number | null) => ({ cardId, unit: 100 + change, before: 100, change, ratio });

describe('value-format', () => {
  it('writes amounts with the currency rule, and "—" for nothing', () => {
    expect(centsText(123456, 'USD')).toBe('$1,234.56');
    expect(centsText(123456, 'CLP')).toBe('$1.235');
    expect(centsText(null, 'USD')).toBe('—');
    expect(centsText(undefined, 'BRL')).toBe('—');
  });

  it('signs gains and losses with + and the minus sign, zero without a sign', () => {
    expect(signedCentsText(2345, 'USD')).toBe('+$23.45');
    expect(signedCentsText(-3449, 'USD')).toBe('\u2212$34.49');
    expect(signedCentsText(0, 'USD')).toBe('$0.00');
    expect(signedCentsText(null, 'USD')).toBe('—');
    expect(signedCentsText(-150000, 'BRL').replace(/\s/g, ' ')).toBe('\u2212R$ 1.500,00');
  });

  it('writes a ratio as a signed percentage in the UI language, null without a base', () => {
    expect(percentText(0.25, 'en')).toBe('+25%');
    expect(percentText(-0.346285, 'en')).toBe('\u221234.6%');
    expect(percentText(0.0004, 'en')).toBe('0%');
    expect(percentText(0.1234, 'pt')).toBe('+12,3%');
    expect(percentText(null, 'en')).toBeNull();
    expect(percentText(Number.POSITIVE_INFINITY, 'en')).toBeNull();
  });

  it('colours gains green, losses red and nothing neutral', () => {
    expect(toneOf(5)).toBe('up');
    expect(toneOf(-5)).toBe('down');
    expect(toneOf(0)).toBe('flat');
    expect(toneOf(null)).toBe('flat');
    expect(toneClass.up).toBe('text-success');
    expect(toneClass.down).toBe('text-danger');
  });

  it('reads the unit price of the chosen type and multiplies it by the copies', () => {
    expect(unitOf(price, 'min')).toBe(120);
    expect(unitOf(price, 'max')).toBeNull();
    expect(unitOf(undefined, 'avg')).toBeNull();
    expect(rowTotalOf(120, 3)).toBe(360);
    expect(rowTotalOf(null, 3)).toBeNull();
  });

  it('splits the movers into rising and falling, the largest change first', () => {
    const { up, down } = splitMovers([mover(1, 10, 0.1), mover(2, 50, 0.5), mover(3, -5, -0.05), mover(4, -40, -0.4), mover(5, 7, null)]);
    expect(up.map((m) => m.cardId)).toEqual([2, 1, 5]);
    expect(down.map((m) => m.cardId)).toEqual([4, 3]);
    expect(splitMovers([])).toEqual({ up: [], down: [] });
  });

  it('gives each bar its share of the largest', () => {
    expect(barPercents([200, 100, 0])).toEqual([100, 50, 0]);
    expect(barPercents([1, 3])).toEqual([33.3, 100]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
    expect(barPercents([])).toEqual([]);
  });

  it('knows when a value has something priced', () => {
    expect(hasPrices({ pricedCopies: 0 })).toBe(false);
    expect(hasPrices({ pricedCopies: 2 })).toBe(true);
  });
});
