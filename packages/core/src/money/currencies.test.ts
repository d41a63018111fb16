import { describe, expect, it } from 'vitest';
import { CURRENCIES, fractionDigits, formatMoney, isCurrencyCode } from './currencies';

describe('currencies', () => {
  it('has the ten currencies of the spec, each with a symbol and a flag', () => {
    expect(CURRENCIES.map((c) => c.code).sort()).toEqual(
      ['ARS', 'BRL', 'CAD', 'CLP', 'COP', 'EUR', 'GBP', 'JPY', 'MXN', 'USD'].sort(),
    );
    for (const c of CURRENCIES) {
      expect(c.symbol).not.toBe('');
      expect(c.flag).not.toBe('');
    }
  });
  it('uses 0 fraction digits for CLP and ARS only', () => {
    expect(fractionDigits('CLP')).toBe(0);
    expect(fractionDigits('ARS')).toBe(0);
    expect(fractionDigits('JPY')).toBe(2);
    expect(fractionDigits('USD')).toBe(2);
  });
  it('formats minor units in the currency locale', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'BRL').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(123456, 'CLP').replace(/\s/g, ' ')).toMatch(/^\$\s?1\.235$/);
  });
  it('recognises codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });
});
