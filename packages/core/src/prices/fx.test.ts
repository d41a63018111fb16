import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { combineRates, convertCents, FX_SNAPSHOT, parseFrankfurter, parseOpenErApi, type UsdRates } from './fx';

/**
 * Samples of fixtures/formats/fx (a copy of the team's shared/data/formats/fx) (its README): open-er-api-latest-USD.json is a REAL answer of
 * open.er-api.com/v6/latest/USD of 2024-08-19; frankfurter-latest-USD.example.json is HAND-WRITTEN following
 * frankfurter's documented shape.
 */
const sample = (file: string) => JSON.parse(readFileSync(new URL(`../../../../fixtures/formats/fx/${file}`, import.meta.url), 'utf8')) as unknown;

describe('frankfurter', () => {
  it('reads the sample: our currencies only, USD 1', () => {
    expect(parseFrankfurter(sample('frankfurter-latest-USD.example.json'))).toEqual({
      date: '2025-12-01',
      base: 'USD',
      rates: { USD: 1, BRL: 5.3371, EUR: 0.86044, GBP: 0.7391, JPY: 155.62 },
    });
  });

  it('drops unusable rates, divides by an amount other than 1 and tolerates unknown keys', () => {
    const rates = parseFrankfurter({ amount: 10, base: 'USD', date: '2025-12-01', rates: { BRL: 53.371, EUR: 0, GBP: -1, CAD: 'x', MXN: null, CHF: 8.0 }, extra: 1 });
    expect(rates.rates).toEqual({ USD: 1, BRL: 5.3371 });
    expect(parseFrankfurter({ base: 'USD', date: '2025-12-01', rates: {} }).rates).toEqual({ USD: 1 });
  });

  it('refuses another base, a bad date or a document of the wrong kind, naming it', () => {
    expect(() => parseFrankfurter({ amount: 1, base: 'EUR', date: '2025-12-01', rates: {} })).toThrow(/Frankfurter rates: base must be USD, got "EUR"/);
    expect(() => parseFrankfurter({ amount: 1, base: 'USD', date: '2025-02-30', rates: {} })).toThrow(/Frankfurter rates: date/);
    expect(() => parseFrankfurter({ amount: 1, base: 'USD', date: '01/12/2025', rates: {} })).toThrow(/Frankfurter rates: date/);
    expect(() => parseFrankfurter(sample('open-er-api-latest-USD.json'))).toThrow(/Frankfurter rates/);
    expect(() => parseFrankfurter(null)).toThrow(/Frankfurter rates/);
  });
});

describe('open.er-api', () => {
  it('reads the real sample of 2024-08-19', () => {
    const rates = parseOpenErApi(sample('open-er-api-latest-USD.json'));
    expect(rates.date).toBe('2024-08-19');
    expect(rates.base).toBe('USD');
    expect(rates.rates.BRL).toBe(5.472157);
    expect(Object.keys(rates.rates).sort()).toEqual([...CURRENCY_CODES].sort());
    // The bundled snapshot is these very numbers.
    expect(rates.rates).toEqual(FX_SNAPSHOT.rates);
  });

  it('takes the UTC day of the update time', () => {
    const at = (unix: number) => parseOpenErApi({ result: 'success', base_code: 'USD', time_last_update_unix: unix, rates: { BRL: 5 } }).date;
    expect(at(1724025751)).toBe('2024-08-19');
    expect(at(Date.UTC(2024, 11, 31, 23, 59, 59) / 1000)).toBe('2024-12-31');
  });

  it('refuses an error answer, another base or a document of the wrong kind', () => {
    expect(() => parseOpenErApi({ result: 'error', 'error-type': 'unsupported-code' })).toThrow(/open.er-api rates: result is "error" \(unsupported-code\)/);
    expect(() => parseOpenErApi({ result: 'success', base_code: 'EUR', time_last_update_unix: 1, rates: {} })).toThrow(/base must be USD/);
    expect(() => parseOpenErApi({ result: 'success', base_code: 'USD', rates: {} })).toThrow(/time_last_update_unix/);
    expect(() => parseOpenErApi({ result: 'success', base_code: 'USD', time_last_update_unix: 1e20, rates: {} })).toThrow(/time_last_update_unix/);
    expect(() => parseOpenErApi({ result: 'success', base_code: 'USD', time_last_update_unix: 1 })).toThrow(/no rates/);
    expect(() => parseOpenErApi(sample('frankfurter-latest-USD.example.json'))).toThrow(/open.er-api rates/);
  });
});

describe('combineRates', () => {
  const frankfurter = parseFrankfurter(sample('frankfurter-latest-USD.example.json'));
  const openEr = parseOpenErApi(sample('open-er-api-latest-USD.json'));

  it('takes ECB rates first and fills the rest from open.er-api, with the primary date', () => {
    const combined = combineRates(frankfurter, openEr)!;
    expect(combined.date).toBe('2025-12-01');
    expect(combined.rates).toEqual({ USD: 1, BRL: 5.3371, EUR: 0.86044, GBP: 0.7391, JPY: 155.62, CAD: 1.368645, MXN: 18.63293, ARS: 944, CLP: 936.549977, COP: 4017.47619 });
    expect(combined.sources).toEqual({
      BRL: 'frankfurter',
      EUR: 'frankfurter',
      GBP: 'frankfurter',
      JPY: 'frankfurter',
      CAD: 'open-er-api',
      MXN: 'open-er-api',
      ARS: 'open-er-api',
      CLP: 'open-er-api',
      COP: 'open-er-api',
    });
  });

  it('uses the fallback alone (and its date) when the primary is missing or gives nothing', () => {
    expect(combineRates(null, openEr)).toEqual({ date: '2024-08-19', rates: FX_SNAPSHOT.rates, sources: expect.objectContaining({ BRL: 'open-er-api' }) });
    const empty: UsdRates = { date: '2025-12-01', base: 'USD', rates: { USD: 1 } };
    expect(combineRates(empty, openEr)?.date).toBe('2024-08-19');
  });

  it('ignores rates that are not finite and positive, and answers null when a currency is still missing', () => {
    const bad = { date: '2025-12-01', base: 'USD', rates: { BRL: Number.NaN, EUR: -1, GBP: 0, JPY: Infinity } } as UsdRates;
    expect(combineRates(bad, openEr)?.rates).toEqual(FX_SNAPSHOT.rates);
    expect(combineRates(frankfurter, null)).toBeNull();
    const { COP: _cop, ...withoutCop } = openEr.rates;
    expect(combineRates(frankfurter, { ...openEr, rates: withoutCop })).toBeNull();
    expect(combineRates(null, null)).toBeNull();
  });
});

describe('convertCents', () => {
  const rates = { ...FX_SNAPSHOT.rates, BRL: 5.43 } as Record<CurrencyCode, number>;

  it('converts USD cents at the rate, rounding half away from zero', () => {
    expect(convertCents(999, 'USD', 'BRL', rates)).toBe(5425); // 5424.57
    expect(convertCents(15, 'USD', 'BRL', rates)).toBe(81); // 81.45
    expect(convertCents(36, 'USD', 'BRL', rates)).toBe(195); // 195.48
    expect(convertCents(100, 'USD', 'BRL', { ...rates, BRL: 0.285 })).toBe(29); // 28.5, in floats 28.499999999999996
    expect(convertCents(-100, 'USD', 'BRL', { ...rates, BRL: 0.285 })).toBe(-29);
    expect(convertCents(0, 'USD', 'BRL', rates)).toBe(0);
  });

  it('converts between two other currencies through USD, and back', () => {
    // 10,000 EUR cents: 10000 × 5.472157 / 0.907539 = 60296.66 BRL cents.
    expect(convertCents(10_000, 'EUR', 'BRL', FX_SNAPSHOT.rates)).toBe(60297);
    expect(convertCents(60297, 'BRL', 'EUR', FX_SNAPSHOT.rates)).toBe(10_000);
    expect(convertCents(100_00, 'JPY', 'USD', FX_SNAPSHOT.rates)).toBe(68); // 10000 / 148.042596 = 67.55
  });

  it('returns the same amount for the same currency, and refuses a missing rate', () => {
    for (const code of CURRENCY_CODES) expect(convertCents(1234, code, code, FX_SNAPSHOT.rates)).toBe(1234);
    expect(() => convertCents(1, 'USD', 'BRL', { ...rates, BRL: 0 })).toThrow(RangeError);
    expect(() => convertCents(1, 'CLP', 'USD', { ...rates, CLP: Number.NaN })).toThrow(/CLP/);
  });
});
