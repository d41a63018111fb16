import { describe, expect, it } from 'vitest';
import { CURRENCIES, fractionDigits, isCurrencyCode } from './currencies';

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
  it('recognises codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });
});
