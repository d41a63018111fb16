import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { roundClean } from '../money/money';

/**
 * Exchange rates, always as units of a currency per 1 USD. Two free sources without a key
 * (shared/data/formats/fx/README.md): frankfurter (ECB reference rates, working days; it lacks CLP, ARS and COP) and
 * open.er-api.com (every currency, once a day, attribution required). frankfurter is the primary, open.er-api fills
 * what it lacks, and FX_SNAPSHOT stands in when neither answers.
 */
export interface UsdRates {
  /** Day the rates are of, YYYY-MM-DD. */
  date: string;
  base: 'USD';
  /** Units of each currency per 1 USD; only finite, positive rates of our ten currencies. */
  rates: Partial<Record<CurrencyCode, number>>;
}

type FxSourceId = 'frankfurter' | 'open-er-api';

export interface CombinedRates {
  date: string;
  rates: Record<CurrencyCode, number>;
  /** Where each rate came from (USD, 1 by definition, has no source). */
  sources: Partial<Record<CurrencyCode, FxSourceId>>;
}

const isRate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Our ten currencies out of a rates object, USD 1; anything not a finite positive number is left out. */
function pickRates(rates: Record<string, unknown>, divisor = 1): Partial<Record<CurrencyCode, number>> {
  const out: Partial<Record<CurrencyCode, number>> = { USD: 1 };
  for (const code of CURRENCY_CODES) {
    if (code === 'USD' || !Object.hasOwn(rates, code)) continue;
    const value = rates[code];
    if (isRate(value) && isRate(value / divisor)) out[code] = value / divisor;
  }
  return out;
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === text;
}

const Frankfurter = z.looseObject({
  amount: z.number().nullish(),
  base: z.string(),
  date: z.string(),
  rates: z.record(z.string(), z.unknown()),
});

/**
 * `GET https://api.frankfurter.dev/v1/latest?base=USD` → `{amount, base, date, rates}`. The base must be USD. Rates
 * quoted for an `amount` other than 1 are divided by it.
 */
export function parseFrankfurter(json: unknown): UsdRates {
  const parsed = Frankfurter.safeParse(json);
  if (!parsed.success) throw new Error('Frankfurter rates: not a frankfurter answer (expected {amount, base, date, rates})');
  const { amount, base, date, rates } = parsed.data;
  if (base !== 'USD') throw new Error(`Frankfurter rates: base must be USD, got ${JSON.stringify(base.slice(0, 10))}`);
  if (!isDay(date)) throw new Error(`Frankfurter rates: date is not YYYY-MM-DD (${JSON.stringify(date.slice(0, 20))})`);
  return { date, base: 'USD', rates: pickRates(rates, isRate(amount) ? amount : 1) };
}

const OpenErApi = z.looseObject({
  result: z.string(),
  base_code: z.string().nullish(),
  time_last_update_unix: z.number().nullish(),
  rates: z.record(z.string(), z.unknown()).nullish(),
  'error-type': z.string().nullish(),
});

/**
 * `GET https://open.er-api.com/v6/latest/USD` → `{result: "success", time_last_update_unix, base_code, rates}`.
 * The date is the UTC day of `time_last_update_unix`. An answer whose result is not "success" throws.
 */
export function parseOpenErApi(json: unknown): UsdRates {
  const parsed = OpenErApi.safeParse(json);
  if (!parsed.success) throw new Error('open.er-api rates: not an open.er-api answer (expected {result, base_code, time_last_update_unix, rates})');
  const { result, base_code: base, time_last_update_unix: unix, rates } = parsed.data;
  if (result !== 'success') {
    const why = parsed.data['error-type'];
    throw new Error(`open.er-api rates: result is ${JSON.stringify(result.slice(0, 20))}${why ? ` (${why.slice(0, 50)})` : ''}`);
  }
  if (base !== 'USD') throw new Error(`open.er-api rates: base must be USD, got ${JSON.stringify((base ?? '').slice(0, 10))}`);
  const time = typeof unix === 'number' ? new Date(unix * 1000) : null;
  if (!time || !Number.isFinite(time.getTime())) throw new Error('open.er-api rates: no valid time_last_update_unix');
  if (!rates) throw new Error('open.er-api rates: no rates object');
  return { date: time.toISOString().slice(0, 10), base: 'USD', rates: pickRates(rates) };
}

/**
 * One rate for each of the ten currencies: USD is 1; every other from `primary` (frankfurter) when it has it, else
 * from `fallback` (open.er-api; CLP, ARS and COP are not ECB currencies). null when a currency is still missing.
 * The date is the primary's when any rate comes from it, else the fallback's.
 */
export function combineRates(primary: UsdRates | null | undefined, fallback: UsdRates | null | undefined): CombinedRates | null {
  const rates: Partial<Record<CurrencyCode, number>> = { USD: 1 };
  const sources: Partial<Record<CurrencyCode, FxSourceId>> = {};
  for (const code of CURRENCY_CODES) {
    if (code === 'USD') continue;
    const first = primary?.rates[code];
    const second = fallback?.rates[code];
    if (isRate(first)) {
      rates[code] = first;
      sources[code] = 'frankfurter';
    } else if (isRate(second)) {
      rates[code] = second;
      sources[code] = 'open-er-api';
    } else return null;
  }
  // Every currency but USD has a source here, so the one that gave a rate exists.
  const date = Object.values(sources).includes('frankfurter') ? primary!.date : fallback!.date;
  return { date, rates: rates as Record<CurrencyCode, number>, sources };
}

/**
 * USD rates bundled with the app for when no source answers: the REAL open.er-api answer of 2024-08-19
 * (shared/data/formats/fx/open-er-api-latest-USD.json, time_last_update_utc "Mon, 19 Aug 2024 00:02:31 +0000"),
 * our ten currencies copied as they are.
 */
export const FX_SNAPSHOT: { date: string; source: 'snapshot'; rates: Record<CurrencyCode, number> } = {
  date: '2024-08-19',
  source: 'snapshot',
  rates: {
    USD: 1,
    BRL: 5.472157,
    EUR: 0.907539,
    GBP: 0.773358,
    CAD: 1.368645,
    MXN: 18.63293,
    ARS: 944,
    CLP: 936.549977,
    COP: 4017.47619,
    JPY: 148.042596,
  },
};

/**
 * An amount in cents of `from` as cents of `to`: cents × rates[to] / rates[from] (rates are units per 1 USD),
 * rounded half away from zero after float noise is removed (as toCents does). The same currency is returned as is.
 * A rate that is not a finite positive number throws RangeError.
 */
export function convertCents(cents: number, from: CurrencyCode, to: CurrencyCode, rates: Record<CurrencyCode, number>): number {
  if (from === to) return cents;
  const rateFrom = rates[from];
  const rateTo = rates[to];
  if (!isRate(rateFrom) || !isRate(rateTo)) throw new RangeError(`convertCents: no usable rate for ${isRate(rateFrom) ? to : from}`);
  return roundClean((cents * rateTo) / rateFrom);
}
