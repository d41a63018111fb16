import type { ExchangeRatesResponse } from '@grandline/core/contracts/prices';
import { CURRENCY_CODES, type CurrencyCode } from '@grandline/core/money/currencies';
import { FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { asc, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { exchangeRates } from '../../db/schema/index';

/** Units of each currency per 1 USD on one day, and where they came from. */
export interface RatesDay {
  date: string;
  source: string;
  rates: Record<CurrencyCode, number>;
}

/**
 * Every stored day of rates, oldest first, kept per process and reloaded when a rate run lands (the `prices` event).
 * A day without rates (a weekend: the ECB publishes on working days) uses the last day before it; a day before the
 * first fetch, and a fresh install, use the bundled dated snapshot.
 */
export interface RatesBook {
  latest(): RatesDay;
  on(day: string): RatesDay;
}

const SNAPSHOT_RATES: RatesDay = { date: FX_SNAPSHOT.date, source: 'snapshot', rates: FX_SNAPSHOT.rates };

let cached: Promise<RatesBook> | null = null;

export function ratesChanged() {
  cached = null;
}

export function ratesBook(db: Db): Promise<RatesBook> {
  cached ??= loadRates(db).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}

async function loadRates(db: Db): Promise<RatesBook> {
  const rows = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.day));
  const days: RatesDay[] = [];
  for (const row of rows) {
    let day = days.at(-1);
    if (!day || day.date !== row.day) {
      // Each day starts from the one before, so a currency missing on a day keeps its last rate.
      day = { date: row.day, source: '', rates: { ...(days.at(-1)?.rates ?? SNAPSHOT_RATES.rates) } };
      days.push(day);
    }
    if ((CURRENCY_CODES as readonly string[]).includes(row.currency)) day.rates[row.currency as CurrencyCode] = row.rate;
    const sources = new Set(day.source ? day.source.split('+') : []);
    sources.add(row.source);
    day.source = [...sources].sort().join('+');
  }
  return {
    latest: () => days.at(-1) ?? SNAPSHOT_RATES,
    on(date) {
      // Binary search for the last day on or before `date`.
      let lo = 0;
      let hi = days.length - 1;
      let found: RatesDay | undefined;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (days[mid]!.date <= date) {
          found = days[mid];
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return found ?? days[0] ?? SNAPSHOT_RATES;
    },
  };
}

/** Stores one day of rates (replacing that day), in the caller's transaction. */
export async function storeRates(tx: Db | DbTx, day: string, rates: Record<CurrencyCode, number>, sources: Partial<Record<CurrencyCode, string>>) {
  const rows = CURRENCY_CODES.map((currency) => ({ day, currency, rate: rates[currency], source: currency === 'USD' ? 'fixed' : (sources[currency] ?? 'unknown') }));
  await tx
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({ target: [exchangeRates.day, exchangeRates.currency], set: { rate: sql`excluded.rate`, source: sql`excluded.source` } });
}

/** Today's rates (the latest stored day, or the bundled snapshot) with the spec's exchange_rate rows. */
export async function getExchangeRates(db: Db): Promise<ExchangeRatesResponse> {
  const day = (await ratesBook(db)).latest();
  return {
    base: 'USD',
    date: day.date,
    source: day.source,
    rates: day.rates,
    rows: CURRENCY_CODES.filter((c) => c !== 'USD').map((c) => ({ key: `CURRENT_USD_${c}_RATE`, value: day.rates[c] })),
  };
}
