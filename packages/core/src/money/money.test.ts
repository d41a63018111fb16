import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from './currencies';
import { CURRENCY_EXPONENT, decimalText, exponentOf, formatMoney, MAX_PRICE_MAJOR, parseDecimal, parsePrice, roundClean, toMajor, toMinor } from './money';

describe('minor units', () => {
  it('uses the ISO 4217 exponents: 0 for JPY and CLP, 2 for the others', () => {
    expect(Object.keys(CURRENCY_EXPONENT).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(CURRENCY_EXPONENT.JPY).toBe(0);
    expect(CURRENCY_EXPONENT.CLP).toBe(0);
    // ARS has two decimals in ISO 4217; showing it without them is our display rule only.
    expect(CURRENCY_EXPONENT.ARS).toBe(2);
    expect(exponentOf(null)).toBe(2);
    expect(exponentOf('XXX')).toBe(2);
  });

  it('turns decimal amounts into minor units without float noise, rounding half up as numeric(12,2) did', () => {
    expect(toMinor(12.5, 'BRL')).toBe(1250);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(15000, 'CLP')).toBe(15000);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(toMinor(12.345, 'USD')).toBe(1235);
    expect(toMinor(9_999_999.99, 'USD')).toBe(999_999_999);
    expect(toMajor(1250, 'BRL')).toBe(12.5);
    expect(toMajor(1500, 'JPY')).toBe(1500);
  });

  it('writes exact decimal text for files', () => {
    expect(decimalText(1250, 'BRL')).toBe('12.50');
    expect(decimalText(5, 'USD')).toBe('0.05');
    expect(decimalText(0, 'EUR')).toBe('0.00');
    expect(decimalText(1500, 'JPY')).toBe('1500');
    expect(decimalText(15000, 'CLP')).toBe('15000');
    expect(decimalText(250, null)).toBe('2.50');
    expect(decimalText(-1250, 'USD')).toBe('-12.50');
  });
});

describe('formatMoney', () => {
  it('formats minor units in the currency locale with our display rule (0 digits for CLP and ARS)', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'BRL').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatMoney(1235, 'CLP').replace(/\s/g, ' ')).toMatch(/^\$\s?1\.235$/);
    expect(formatMoney(123456, 'ARS').replace(/\s/g, ' ')).toMatch(/^\$\s?1\.235$/);
    expect(formatMoney(1500, 'JPY')).toBe('￥1,500.00');
  });

  it("writes each of the ten currencies in the spec's locale for it, whatever the interface language (issue 46)", () => {
    // The spec's list (§9): pt-BR, es-CL, es-AR, de-DE, en-US, en-GB, en-CA, es-MX, es-CO, ja-JP; 0 digits for CLP and ARS.
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const shown = Object.fromEntries(CURRENCY_CODES.map((code) => [code, spaced(formatMoney(123456789, code))]));
    expect(shown).toEqual({
      USD: '$1,234,567.89',
      BRL: 'R$ 1.234.567,89',
      EUR: '1.234.567,89 €',
      GBP: '£1,234,567.89',
      CAD: '$1,234,567.89',
      MXN: '$1,234,567.89',
      ARS: '$ 1.234.568',
      CLP: '$123.456.789',
      COP: '$ 1.234.567,89',
      JPY: '￥123,456,789.00',
    });
    expect(spaced(formatMoney(6427, 'EUR'))).toBe('64,27 €');
    // formatMoney takes no locale: a second argument beyond the currency is a type error (the UI language cannot leak in).
    // @ts-expect-error -- formatMoney(minor, currency) has no locale parameter
    expect(spaced(formatMoney(533, 'EUR', 'en-US'))).toBe('5,33 €');
    expect(CURRENCIES.map((c) => [c.code, c.locale])).toEqual([
      ['USD', 'en-US'],
      ['BRL', 'pt-BR'],
      ['EUR', 'de-DE'],
      ['GBP', 'en-GB'],
      ['CAD', 'en-CA'],
      ['MXN', 'es-MX'],
      ['ARS', 'es-AR'],
      ['CLP', 'es-CL'],
      ['COP', 'es-CO'],
      ['JPY', 'ja-JP'],
    ]);
  });

  it("is what Intl writes in the currency's own locale, symbol and all (ja-JP's yen sign is the full-width ￥)", () => {
    // What a reader of the spec's table computes for itself: no symbol swapped for a look-alike (issue 46).
    for (const { code, locale } of CURRENCIES) {
      const digits = code === 'CLP' || code === 'ARS' ? 0 : 2;
      for (const minor of [0, 6427, 123456789]) {
        const major = minor / 10 ** CURRENCY_EXPONENT[code];
        expect(formatMoney(minor, code), `${code} ${minor}`).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major));
      }
    }
  });
});

describe('parsePrice', () => {
  it('reads prices as people type them in en, pt and es', () => {
    const cases: [string, string, number | null][] = [
      ['12,50', 'BRL', 1250],
      ['12.5', 'USD', 1250],
      ['12', 'EUR', 1200],
      [',50', 'BRL', 50],
      ['1.234,56', 'BRL', 123456],
      ['1,234.56', 'USD', 123456],
      ['1 234,56', 'EUR', 123456],
      ['1\u00a0234,56 €', 'EUR', 123456],
      ["1'234.50", 'USD', 123450],
      ['R$ 12,50', 'BRL', 1250],
      ['US$12.00', 'USD', 1200],
      ['12.50 USD', 'USD', 1250],
      ['12,50 brl', 'BRL', 1250],
      ['CL$ 1.500', 'CLP', 1500],
      ['¥1500', 'JPY', 1500],
      ['1.500', 'CLP', 1500],
      ['$ 15.000', 'CLP', 15000],
      ['1,500', 'JPY', 1500],
      ['1500.00', 'JPY', 1500],
      ['10.000,00', 'ARS', 1_000_000],
      ['0.500', 'USD', 50],
      // A lone mark followed by exactly three digits groups thousands: no currency of ours has three decimals.
      ['12.345', 'USD', 1_234_500],
      ['', 'USD', null],
      ['   ', 'USD', null],
    ];
    for (const [text, currency, minor] of cases) expect(parsePrice(text, currency), `${text} ${currency}`).toEqual({ ok: true, minor });
  });

  it('refuses what is not a price instead of guessing', () => {
    const cases: [string, string, string][] = [
      ['abc', 'USD', 'INVALID'],
      ['-3', 'USD', 'INVALID'],
      ['12-', 'USD', 'INVALID'],
      ['12,5x', 'BRL', 'INVALID'],
      ['about 12', 'USD', 'INVALID'],
      ['12 reais', 'BRL', 'INVALID'],
      ['+12', 'USD', 'INVALID'],
      ['1e5', 'USD', 'INVALID'],
      ['1.234.56', 'BRL', 'INVALID'],
      ['1,23,456', 'USD', 'INVALID'],
      ['1.234 567,00', 'EUR', 'INVALID'],
      ['12 50', 'EUR', 'INVALID'],
      ['1,,5', 'USD', 'INVALID'],
      ['12.', 'USD', 'INVALID'],
      ['12.5', 'JPY', 'TOO_PRECISE'],
      ['0,125', 'BRL', 'TOO_PRECISE'],
      ['10000000,01', 'BRL', 'TOO_LARGE'],
      ['9'.repeat(20), 'USD', 'INVALID'],
    ];
    for (const [text, currency, reason] of cases) expect(parsePrice(text, currency), `${text} ${currency}`).toEqual({ ok: false, reason });
  });

  /**
   * Liga's card pages carry prices as BRL strings with comma decimals and dot thousands ("2.399,00", "24,00"), the
   * field format documented in ../shared/data/formats/liga-onepiece/README.md (read by public scrapers such as
   * github.com/LumielRyu/optcg_manager); the values below are that sample's.
   */
  it('reads Liga price strings', () => {
    expect(parsePrice('2.399,00', 'BRL')).toEqual({ ok: true, minor: 239900 });
    expect(parsePrice('658,00', 'BRL')).toEqual({ ok: true, minor: 65800 });
    expect(parsePrice('24,00', 'BRL')).toEqual({ ok: true, minor: 2400 });
    expect(parsePrice('35,90', 'BRL')).toEqual({ ok: true, minor: 3590 });
  });

  it('reads back every amount as Intl formats it in each currency locale and in en, pt and es', () => {
    // ARS is shown without its two decimals (our display rule), so its display cannot round-trip.
    const currencies = CURRENCIES.filter((c) => c.code !== 'ARS');
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.constantFrom('en-US', 'pt-BR', 'es-ES', 'es-MX'),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (info, uiLocale, ownLocale, raw) => {
          const code = info.code as CurrencyCode;
          const minor = Math.min(raw, MAX_PRICE_MAJOR * 10 ** CURRENCY_EXPONENT[code]);
          // The screens write the currency's own locale (formatMoney); people may type it the way their language does.
          const digits = code === 'ARS' || code === 'CLP' ? 0 : 2;
          const typed = new Intl.NumberFormat(uiLocale, { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits });
          const shown = ownLocale ? formatMoney(minor, code) : typed.format(toMajor(minor, code));
          expect(parsePrice(shown, code), shown).toEqual({ ok: true, minor });
        },
      ),
      { numRuns: 2000 },
    );
  });
  // Its time on hostile text of the largest size is checked with the other parsers', alone: security/price-parsers.security.test.ts.
});

describe('parseDecimal', () => {
  it('answers the number in major units, null for empty text and NaN for anything else', () => {
    expect(parseDecimal('2,50')).toBe(2.5);
    expect(parseDecimal('R$ 1.234,56')).toBe(1234.56);
    expect(parseDecimal('1,234.56')).toBe(1234.56);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('-3')).toBeNaN();
  });
});

describe('price cents (hundredths in every currency) and minor units', () => {
  it('bridge the two units and format with the display rule', async () => {
    const { centsToMinor, minorToCents, formatCents } = await import('./money');
    expect(centsToMinor(12345, 'JPY')).toBe(123);
    expect(centsToMinor(12350, 'CLP')).toBe(124);
    expect(centsToMinor(1250, 'USD')).toBe(1250);
    expect(minorToCents(1500, 'JPY')).toBe(150000);
    expect(minorToCents(1250, 'BRL')).toBe(1250);
    expect(formatCents(5425, 'BRL')).toBe('R$\u00a054,25');
    expect(formatCents(93655, 'CLP')).toMatch(/^\$\s?937$/);
  });
});

describe('roundClean', () => {
  const slow = (x: number) => {
    const scaled = Number(x.toPrecision(15));
    return Math.sign(scaled) * Math.round(Math.abs(scaled));
  };
  it('removes float noise before rounding half away from zero', () => {
    expect(roundClean(1.005 * 100)).toBe(101);
    expect(roundClean(-1.005 * 100)).toBe(-101);
    expect(roundClean(2.5)).toBe(3);
    expect(roundClean(-2.5)).toBe(-3);
    expect(roundClean(0.49999999999999994)).toBe(1);
    expect(Object.is(roundClean(-0.3), -0)).toBe(true);
  });
  it('agrees with rounding the 15 significant digits everywhere: amounts × rates, and values next to a tie', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.double({ min: 1e-4, max: 1e4, noNaN: true }), fc.double({ min: 1e-4, max: 1e4, noNaN: true }), (cents, to, from) => {
        const x = (cents * to) / from;
        expect(roundClean(x)).toBe(slow(x));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: -2_000, max: 2_000 }), (whole, ulps) => {
        const x = whole + 0.5 + ulps * Number.EPSILON * Math.max(1, Math.abs(whole));
        expect(roundClean(x)).toBe(slow(x));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const x = (cents / 100) * 100;
        expect(roundClean(x)).toBe(slow(x));
      }),
    );
  });
});
