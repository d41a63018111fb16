import { describe, expect, it } from 'vitest';
import { formatCounter, formatDate, formatDay, formatDecimal, formatLocale, formatNumber, formatOptional, formatPercent } from './format';

describe('format', () => {
  it('picks the locale of the UI language, English for anything else', () => {
    expect(formatLocale('en')).toBe('en-US');
    expect(formatLocale('pt')).toBe('pt-BR');
    expect(formatLocale('es')).toBe('es-ES');
    expect(formatLocale('pt-PT')).toBe('pt-BR');
    expect(formatLocale('fr')).toBe('en-US');
  });

  it('groups thousands in every language, four-digit numbers too', () => {
    expect(formatNumber(12000, 'en')).toBe('12,000');
    expect(formatNumber(12000, 'pt')).toBe('12.000');
    expect(formatNumber(12000, 'es')).toBe('12.000');
    expect(formatNumber(1000, 'es')).toBe('1.000');
    expect(formatNumber(999, 'es')).toBe('999');
    expect(formatOptional(null, 'pt')).toBe('—');
    expect(formatOptional(5000, 'pt')).toBe('5.000');
  });

  it('writes counters with their sign, and a dash without one', () => {
    expect(formatCounter(1000, 'en')).toBe('+1,000');
    expect(formatCounter(1000, 'pt')).toBe('+1.000');
    expect(formatCounter(2000, 'es')).toBe('+2.000');
    expect(formatCounter(0, 'es')).toBe('—');
    expect(formatCounter(null, 'en')).toBe('—');
  });

  it('writes decimals and percentages with the language’s separators', () => {
    expect(formatDecimal(3.456, 1, 'en')).toBe('3.5');
    expect(formatDecimal(3.456, 1, 'pt')).toBe('3,5');
    expect(formatDecimal(4, 1, 'es')).toBe('4,0');
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(0.125, 'pt')).toBe('12,5%');
    expect(formatPercent(0.125, 'es').replace(/\s/g, ' ')).toBe('12,5 %');
  });

  it('writes days as calendar days and moments in the language', () => {
    expect(formatDay('2026-03-05', { dateStyle: 'long' }, 'en')).toBe('March 5, 2026');
    expect(formatDay('2026-03-05', { dateStyle: 'long' }, 'pt')).toBe('5 de março de 2026');
    expect(formatDay('2026-03-05', { dateStyle: 'long' }, 'es')).toBe('5 de marzo de 2026');
    expect(formatDay('2026-03-05', { dateStyle: 'short' }, 'pt')).toBe('05/03/2026');
    expect(formatDate('2026-03-05T12:00:00Z', { dateStyle: 'short', timeZone: 'UTC' }, 'en')).toBe('3/5/26');
    expect(formatDate(new Date(Date.UTC(2026, 2, 5, 12)), { dateStyle: 'medium', timeZone: 'UTC' }, 'es')).toBe('5 mar 2026');
  });
});
