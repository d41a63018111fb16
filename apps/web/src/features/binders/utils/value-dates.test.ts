import { describe, expect, it } from 'vitest';
import { axisDay, hasHistory, longDay, rangeChange } from './value-dates';

describe('value-dates', () => {
  it('writes days in the UI language, in UTC', () => {
    expect(longDay('2026-11-23', 'en')).toBe('November 23, 2026');
    expect(longDay('2026-11-23', 'pt')).toBe('23 de novembro de 2026');
    expect(axisDay('2026-11-03', '30', 'en')).toBe('Nov 3');
    expect(axisDay('2026-11-03', '365', 'es')).toMatch(/^nov/);
  });

  it('measures the change over the range, first day to last', () => {
    expect(rangeChange([{ total: 1000 }, { total: 900 }, { total: 1250 }])).toEqual({ change: 250, ratio: 0.25 });
    expect(rangeChange([{ total: 0 }, { total: 500 }])).toEqual({ change: 500, ratio: null });
    expect(rangeChange([{ total: 500 }])).toBeNull();
    expect(rangeChange([])).toBeNull();
  });

  it('has a history to draw only when some day has a value', () => {
    expect(hasHistory([{ total: 0 }, { total: 0 }])).toBe(false);
    expect(hasHistory([{ total: 0 }, { total: 1 }])).toBe(true);
  });
});
