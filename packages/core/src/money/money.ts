import { CURRENCIES, currencyInfo, fractionDigits, type CurrencyCode } from './currencies';
import { numberFormat } from '../intl';

/**
 * Money is an integer number of the currency's minor units (ISO 4217 exponent: cents of USD, centavos of BRL, whole yen
 * of JPY, whole pesos of CLP) with its currency. Stored, summed and compared as integers; turned into a decimal only to
 * be shown (`formatMoney`) or written to a file (`decimalText`).
 *
 * How many fraction digits a price is *shown* with is a separate rule of ours (0 for CLP and ARS, spec §9:
 * `fractionDigits` in currencies.ts); it never changes what is stored.
 */

/** ISO 4217 minor-unit exponents of our ten currencies. */
export const CURRENCY_EXPONENT: Record<CurrencyCode, number> = {
  USD: 2,
  BRL: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  MXN: 2,
  ARS: 2,
  CLP: 0,
  COP: 2,
  JPY: 0,
};

/**
 * The exponent of a currency code; a price recorded without a (known) currency keeps two decimals, as every price
 * did before money moved to minor units.
 */
export function exponentOf(currency: string | null | undefined): number {
  if (!currency || !Object.hasOwn(CURRENCY_EXPONENT, currency)) return 2;
  return CURRENCY_EXPONENT[currency as CurrencyCode];
}

/** The largest amount a user may enter, in major units (the dearest One Piece singles sell for a few thousand). */
export const MAX_PRICE_MAJOR = 10_000_000;

/**
 * A decimal amount (major units, e.g. from a JSON body) in minor units, rounded half up to the currency's exponent as
 * the old `numeric(12,2)` column rounded it. Float noise is removed first (1.005 × 100 is 100.49999… in binary).
 */
export function toMinor(major: number, currency: string | null | undefined): number {
  return roundClean(major * 10 ** exponentOf(currency));
}

/**
 * `x` rounded to an integer half away from zero after float noise is removed: the result of rounding
 * Number(x.toPrecision(15)) (1.005 × 100 = 100.49999999999999 → 101). toPrecision (about 1 µs) runs only when x lies
 * within 1e-13 × |x| of a tie; anywhere else those 15 digits cannot move it across one, so Math.round on x says the
 * same. Prices of whole collections go through here tens of thousands of times per answer.
 */
export function roundClean(x: number): number {
  const a = Math.abs(x);
  if (Math.abs(a - Math.floor(a) - 0.5) > a * 1e-13 + 1e-13) return Math.sign(x) * Math.round(a);
  const scaled = Number(x.toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** Minor units as a major-unit number (for JSON answers that carry the decimal value; never for arithmetic). */
export function toMajor(minor: number, currency: string | null | undefined): number {
  return minor / 10 ** exponentOf(currency);
}

/** The exact decimal text of an amount with the currency's exponent: 1250 BRL → "12.50", 1500 JPY → "1500". */
export function decimalText(minor: number, currency: string | null | undefined): string {
  const exponent = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  if (!exponent) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Formats an amount in minor units as the spec says for its currency, whatever the interface language: the currency's
 * own locale (pt-BR for BRL, de-DE for EUR, en-GB for GBP, ja-JP for JPY…, `currencies.ts`) and our fraction digits.
 * EUR 6427 → "64,27 €" in English, Portuguese and Spanish alike. There is deliberately no locale parameter: the whole
 * interface, e-mails and push texts included, writes a currency one way (issue 46).
 */
export function formatMoney(minor: number, currency: CurrencyCode): string {
  const digits = fractionDigits(currency);
  // Exactly what the currency's locale writes, its symbol included: ja-JP's yen sign is the full-width ￥ (U+FFE5), as
  // Intl writes it for ja-JP everywhere (issue 46: the spec's locale per currency, not a look-alike of it).
  return numberFormat(currencyInfo(currency).locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajor(minor, currency));
}

/**
 * Price amounts (the price API, core/prices/model.ts) are hundredths of their currency in every currency; money is in
 * ISO minor units. 12345 cents of JPY (¥123.45) → 123 yen; 1250 cents of USD → 1250 cents.
 */
export function centsToMinor(cents: number, currency: string | null | undefined): number {
  const exponent = exponentOf(currency);
  return exponent === 2 ? cents : Math.round(cents / 10 ** (2 - exponent));
}

/** ISO minor units → hundredths (a purchase price beside market prices): 1500 JPY → 150000. */
export function minorToCents(minor: number, currency: string | null | undefined): number {
  return minor * 10 ** (2 - exponentOf(currency));
}

/** Formats a price amount in hundredths with the currency's display rule (the price API's unit), as formatMoney does. */
export function formatCents(cents: number, currency: CurrencyCode): string {
  return formatMoney(centsToMinor(cents, currency), currency);
}

/** A decimal number read from text: `units / 10^scale`, both integers (units ≥ 0). */
interface Decimal {
  units: number;
  scale: number;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
/**
 * What may stand before or after the amount: nothing, or a currency symbol or code as Intl writes them in our locales
 * (US$, R$, CA$, MX$, JP¥, ￥, €, £, $…), our own symbols (AR$, CL$, CO$) and the ISO codes of our currencies.
 */
const AFFIXES = new Set(['', '$', '€', '£', '¥', '￥', 'US$', 'R$', 'CA$', 'MX$', 'JP¥', ...CURRENCIES.flatMap((c) => [c.symbol, c.code])].map((a) => a.toUpperCase()));
const isAffix = (text: string) => AFFIXES.has(text.trim().toUpperCase());
/** Spaces that group thousands: space, no-break space, narrow no-break space, thin space, and the apostrophe (Swiss). */
const GROUPING = new Set([' ', '\u00a0', '\u202f', '\u2009', "'", '\u2019']);

/**
 * Reads a price as people write it in any of our locales, in one pass: `12,50`, `12.5`, `1.234,56`, `1,234.56`,
 * `1 234,56`, `1'234.56`, with or without a currency symbol or code around it (`R$ 12,50`, `12.50 USD`, `¥1500`).
 * Letters or signs around it other than a currency symbol or code make it unreadable ("12,5x", "-3", "~12").
 * The last `.` or `,` is the decimal separator when one or two digits follow it, or when it is the only separator and
 * not followed by exactly three digits; the other separators group thousands. Returns null for an empty text and
 * 'invalid' for anything else (a minus sign, letters between digits, two decimal separators, misplaced grouping).
 */
function readDecimal(text: string): Decimal | null | 'invalid' {
  // The amount is the span from the first digit (or a separator just before it: ",50") to the last digit; what
  // surrounds it must be a symbol or code without digits, signs or separators (R$, US$, €, USD, ¥).
  let first = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    if (isDigit(text.charCodeAt(i))) {
      if (first === -1) first = i;
      last = i;
    }
  }
  if (first === -1) return text.trim() ? 'invalid' : null;
  if (first > 0 && (text[first - 1] === '.' || text[first - 1] === ',')) first--;
  if (!isAffix(text.slice(0, first)) || !isAffix(text.slice(last + 1))) return 'invalid';
  // Groups of digits and the separators between them.
  const groups: string[] = [];
  const separators: string[] = [];
  let digits = '';
  for (const ch of text.slice(first, last + 1)) {
    if (isDigit(ch.charCodeAt(0))) digits += ch;
    else if (ch === '.' || ch === ',' || GROUPING.has(ch)) {
      if (digits === '' && groups.length > 0) return 'invalid';
      groups.push(digits);
      separators.push(ch);
      digits = '';
    } else return 'invalid';
  }
  groups.push(digits);

  // The decimal separator is the last '.' or ',' unless it groups thousands: the same mark appears before it
  // ("1.234.567"), or it is the only mark and exactly three digits follow a non-zero integer ("1.234", "12,500").
  let decimalAt = separators.length - 1;
  while (decimalAt >= 0 && separators[decimalAt] !== '.' && separators[decimalAt] !== ',') decimalAt--;
  if (decimalAt >= 0) {
    const mark = separators[decimalAt]!;
    const earlier = separators.slice(0, decimalAt);
    const otherMarkBefore = earlier.some((s) => (s === '.' || s === ',') && s !== mark);
    const sameMarkBefore = earlier.includes(mark);
    const lonelyThousands = !otherMarkBefore && groups[decimalAt + 1]!.length === 3 && groups[0] !== '' && !/^0+$/.test(groups[0]!);
    if (sameMarkBefore || lonelyThousands) decimalAt = -1;
  }
  const integerGroups = decimalAt === -1 ? groups : groups.slice(0, decimalAt + 1);
  const fraction = decimalAt === -1 ? '' : groups[decimalAt + 1]!;
  // Thousands grouping: one kind of mark, a first group of 1–3 digits, then groups of exactly 3.
  if (integerGroups.length > 1) {
    const marks = new Set(separators.slice(0, integerGroups.length - 1));
    if (marks.size > 1) return 'invalid';
    if (decimalAt !== -1 && marks.has(separators[decimalAt]!)) return 'invalid';
    if (integerGroups[0]!.length === 0 || integerGroups[0]!.length > 3) return 'invalid';
    if (integerGroups.slice(1).some((g) => g.length !== 3)) return 'invalid';
  }
  const integer = integerGroups.join('') || '0';
  if (integer.length + fraction.length > 15) return 'invalid';
  return { units: Number(integer + fraction), scale: fraction.length };
}

/** A decimal text as a number (major units): `2,50` → 2.5; empty → null; anything unreadable → NaN. */
export function parseDecimal(text: string): number | null {
  const d = readDecimal(text);
  if (d === null) return null;
  if (d === 'invalid') return Number.NaN;
  return d.units / 10 ** d.scale;
}

export type ParsedPrice = { ok: true; minor: number | null } | { ok: false; reason: 'INVALID' | 'TOO_PRECISE' | 'TOO_LARGE' };

/**
 * A price typed or imported by a user, in minor units of `currency`. Empty text is "no price" (minor null). More
 * decimals than the currency has are refused (`TOO_PRECISE`: 12.345 USD, 12.5 JPY), not rounded behind the user's
 * back, except trailing zeros (1500.00 JPY is 1500). Above MAX_PRICE_MAJOR is `TOO_LARGE`.
 */
export function parsePrice(text: string, currency: string | null | undefined): ParsedPrice {
  const d = readDecimal(text);
  if (d === null) return { ok: true, minor: null };
  if (d === 'invalid') return { ok: false, reason: 'INVALID' };
  const exponent = exponentOf(currency);
  let { units, scale } = d;
  while (scale > exponent && units % 10 === 0) {
    units /= 10;
    scale--;
  }
  if (scale > exponent) return { ok: false, reason: 'TOO_PRECISE' };
  const minor = units * 10 ** (exponent - scale);
  if (minor > MAX_PRICE_MAJOR * 10 ** exponent) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, minor };
}
