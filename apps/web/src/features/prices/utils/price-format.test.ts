import { describe, expect, it } from 'vitest';
import { axisDay, longDay, priceText, rateText, relativeDay } from './price-format';

describe('price formatting', () => {
  it('writes hundredths with the currency display rule, and a dash for no figure', () => {
    expect(priceText(1234, 'USD')).toBe('$12.34');
    expect(priceText(858, 'BRL')).toMatch(/^R\$\s8,58$/);
    expect(priceText(123456, 'CLP')).toMatch(/1\.235$/);
    expect(priceText(null, 'USD')).toBe('—');
  });

  it('writes recent days relatively and older ones as dates, in the UI language', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(relativeDay('2026-11-23', 'en', now)).toBe('today');
    expect(relativeDay('2026-11-22', 'en', now)).toBe('yesterday');
    expect(relativeDay('2026-11-19', 'en', now)).toBe('4 days ago');
    expect(relativeDay('2026-11-22', 'pt', now)).toBe('ontem');
    expect(relativeDay('2026-10-01', 'en', now)).toBe('Oct 1, 2026');
    expect(longDay('2026-11-23', 'es')).toBe('23 de noviembre de 2026');
  });

  it('labels chart ticks by day for short ranges and by month beyond 90 days', () => {
    expect(axisDay('2026-11-03', '30', 'en')).toBe('Nov 3');
    expect(axisDay('2026-11-03', '365', 'en')).toBe('Nov 26');
  });

  it('writes the header rate note as the spec does: the chosen currency symbol and the rate to 2 decimals', () => {
    expect(rateText('EUR', 0.907539)).toBe('US$ 1 = € 0.91');
    expect(rateText('BRL', 5.472157)).toBe('US$ 1 = R$ 5.47');
    expect(rateText('JPY', 148.042596)).toBe('US$ 1 = ¥ 148.04');
    expect(rateText('CLP', 936.549977)).toBe('US$ 1 = CL$ 936.55');
    expect(rateText('COP', 4017.47619)).toBe('US$ 1 = CO$ 4,017.48');
  });
});
