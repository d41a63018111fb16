import { readFileSync } from 'node:fs';
import { convertCents, FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { DEMO_HISTORY_DAYS } from '@grandline/core/prices/demo';
import type { CardPricesResponse, ExchangeRatesResponse, PriceHistoryResponse } from '@grandline/core/contracts/prices';
import type { CardListResponse } from '@grandline/core/contracts/cards';
import type { SetDetailResponse } from '@grandline/core/contracts/sets';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { cardPriceLatest, cardPrices, cards, exchangeRates, priceProducts, priceRuns } from '../../db/schema/index';
import { DEFAULT_PRICE_CONFIG, type PriceConfig } from '../../lib/price-config';
import { createTestDatabase, getJson, testLog } from '../../testing/test-app';
import { fxSite, sampleJson, startFeedServer, tcgcsvSite, type FeedServer } from '../../testing/feed-server';
import { valueHistory, valueOfRows } from './collection-value.service';
import { refreshDemoPrices } from './demo.service';
import { cardmarketFeed, csvFeed } from './feeds';
import { ingestFeed } from './ingest.service';
import { runLiveSource, utcToday } from './price-runs.service';
import { pricesLanded } from './prices.service';
import { clearSearchCache } from '../cards/cards.service';

let database: Database;
let server: FeedServer;
let config: PriceConfig;
const today = utcToday();

async function printId(number: string, variant: string | null) {
  const [row] = await database.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.cardNumber, number), variant ? eq(cards.variant, variant) : isNull(cards.variant)));
  return row!.id;
}

const app = () => buildApp({ db: database.db, log: testLog, prices: config });

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  server = await startFeedServer({ ...tcgcsvSite(), ...fxSite() });
  config = {
    ...DEFAULT_PRICE_CONFIG,
    tcgcsvBaseUrl: server.url,
    frankfurterUrl: `${server.url}/frankfurter`,
    openErApiUrl: `${server.url}/er`,
    timeoutMs: 2_000,
  };
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
beforeEach(async () => {
  // Each test starts without prices or rates (the catalogue stays).
  await database.db.execute(sql`truncate card_prices, card_price_latest, price_products, price_pins, price_runs, exchange_rates`);
  pricesLanded();
  clearSearchCache();
  server.set('/tcgplayer/68/3188/prices', tcgcsvSite()['/tcgplayer/68/3188/prices']!);
});

describe('tcgcsv, fetched live from a local server standing in for tcgcsv.com', () => {
  it('stores the day of every matched print, lists the unmatched, skips sealed and DON!!, and answers the fixed shape', async () => {
    const run = await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    expect(run).toMatchObject({ status: 'succeeded', source: 'tcgcsv', market: 'us', day: today });
    // OP01-002, OP01-024 base and parallel (example), the PRB-01 alternate art (real row).
    expect(run.matched).toBe(4);
    expect(run.rows).toBe(4);
    // The booster box, the DON!! cards and the sealed packs.
    expect(run.skipped).toBe(11);
    // The three release-event prints of OP17 RE: not a catalogue set.
    expect(run.unmatched).toBe(3);
    expect(server.requests).toContain('/tcgplayer/68/groups');

    const law = await printId('OP01-002', null);
    const { status, body } = await getJson<CardPricesResponse>(app(), `/api/cards/${law}/prices?currency=BRL`);
    expect(status).toBe(200);
    const us = body.markets.find((m) => m.market === 'us')!;
    const brl = (cents: number) => convertCents(cents, 'USD', 'BRL', FX_SNAPSHOT.rates);
    expect(us).toMatchObject({
      source: 'tcgcsv',
      demo: false,
      estimate: false,
      date: today,
      stale: false,
      sourceCurrency: 'USD',
      sourceMin: 15,
      sourceAvg: 36,
      sourceMax: 999,
      min: brl(15),
      avg: brl(36),
      max: brl(999),
      url: expect.stringMatching(/^https:\/\/www\.tcgplayer\.com\/product\/453505\//),
    });
    // No Liga price: br is the estimate from the US price × BR_IMPORT_FACTOR.
    const br = body.markets.find((m) => m.market === 'br')!;
    expect(br).toMatchObject({ estimate: true, estimateFactor: config.brImportFactor, sourceCurrency: 'USD', sourceMin: 15, min: Math.round(brl(15) * config.brImportFactor) });
    expect(body.markets.map((m) => m.market)).toEqual(['us', 'br']);

    const alt = await printId('OP01-024', 'p3');
    const altPrices = await getJson<CardPricesResponse>(app(), `/api/cards/${alt}/prices?currency=USD`);
    expect(altPrices.body.markets[0]).toMatchObject({ sourceMin: 4500, min: 4500, avg: 6457, max: 50000 });
    // The base print of OP01-024 got its own product, not the PRB-01 one.
    const base = await getJson<CardPricesResponse>(app(), `/api/cards/${await printId('OP01-024', null)}/prices`);
    expect(base.body.markets[0]).toMatchObject({ sourceMin: 121, sourceAvg: 176, sourceMax: 800 });

    const unmatched = await database.db.select().from(priceProducts).where(eq(priceProducts.reason, 'UNKNOWN_SET'));
    expect(unmatched.map((u) => u.number).sort()).toEqual(['OP17-002', 'OP17-009', 'OP17-017']);
  });

  it('re-importing the same day replaces it: same rows, no duplicates', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const again = await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    expect(again.status).toBe('succeeded');
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(cardPrices)) as [{ n: number }];
    expect(n).toBe(4);
  });

  it('a failing source and a crashing parse leave the previous prices and record the failure', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin', day: '2026-01-01' });
    const before = await database.db.select().from(cardPriceLatest);
    server.set('/tcgplayer/68/3188/prices', { status: 503 });
    const failed = await runLiveSource({ db: database.db, log: testLog, config: { ...config, timeoutMs: 500 }, source: 'tcgcsv', trigger: 'admin' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/HTTP 503/);
    server.set('/tcgplayer/68/3188/prices', { raw: '{"success": true, "results": [' });
    const crashed = await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    expect(crashed).toMatchObject({ status: 'failed', error: expect.stringMatching(/not JSON/) });
    expect(await database.db.select().from(cardPriceLatest)).toEqual(before);
    const runs = await database.db.select({ status: priceRuns.status, error: priceRuns.error }).from(priceRuns).orderBy(priceRuns.id);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'failed', 'failed']);
    // The 503 was retried (3 attempts) before the run gave up.
    expect(server.requests.filter((r) => r === '/tcgplayer/68/3188/prices').length).toBeGreaterThanOrEqual(4);
  });

  it('a source that does not answer in time fails the run instead of stalling it', async () => {
    server.set('/tcgplayer/68/3188/prices', { hang: true });
    const started = performance.now();
    const run = await runLiveSource({ db: database.db, log: testLog, config: { ...config, timeoutMs: 200 }, source: 'tcgcsv', trigger: 'admin' });
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/no answer within 200 ms/) });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('history and currencies', () => {
  it('answers one point per stored day, oldest first, each converted at its own day’s rate', async () => {
    const law = await printId('OP01-002', null);
    const day1 = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const day2 = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const day of [day1, day2]) await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'cli', day });
    await database.db.insert(exchangeRates).values([
      ...Object.entries(FX_SNAPSHOT.rates).map(([currency, rate]) => ({ day: day1, currency, rate, source: 'test' })),
      ...Object.entries(FX_SNAPSHOT.rates).map(([currency, rate]) => ({ day: day2, currency, rate: currency === 'BRL' ? 6 : rate, source: 'test' })),
    ]);
    pricesLanded();
    const { body } = await getJson<PriceHistoryResponse>(app(), `/api/cards/${law}/prices/history?market=us&days=7&currency=BRL`);
    expect(body).toMatchObject({ cardId: law, market: 'us', currency: 'BRL' });
    expect(body.points).toEqual([
      { date: day1, min: convertCents(15, 'USD', 'BRL', FX_SNAPSHOT.rates), avg: convertCents(36, 'USD', 'BRL', FX_SNAPSHOT.rates), max: convertCents(999, 'USD', 'BRL', FX_SNAPSHOT.rates), demo: false },
      { date: day2, min: 90, avg: 216, max: 5994, demo: false },
    ]);
  });

  it('refuses an unknown range, market or currency with a 400, and an unknown card with a 404', async () => {
    for (const query of ['days=14', 'market=ebay', 'currency=XYZ']) {
      const { status, body } = await getJson<{ error: { code: string } }>(app(), `/api/cards/1/prices/history?${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await getJson(app(), '/api/cards/99999999/prices')).status).toBe(404);
  });

  it('serves the bundled dated snapshot before any fetch, then the fetched rates (ECB with open.er-api for CLP, ARS, COP)', async () => {
    const before = await getJson<ExchangeRatesResponse>(app(), '/api/exchange-rates');
    expect(before.body).toMatchObject({ base: 'USD', date: '2024-08-19', source: 'snapshot' });
    expect(Object.keys(before.body.rates).sort()).toEqual(['ARS', 'BRL', 'CAD', 'CLP', 'COP', 'EUR', 'GBP', 'JPY', 'MXN', 'USD']);
    expect(before.body.rows).toContainEqual({ key: 'CURRENT_USD_BRL_RATE', value: FX_SNAPSHOT.rates.BRL });

    const run = await runLiveSource({ db: database.db, log: testLog, config, source: 'fx', trigger: 'admin' });
    expect(run.status).toBe('succeeded');
    pricesLanded();
    const after = await getJson<ExchangeRatesResponse>(app(), '/api/exchange-rates');
    // Frankfurter's example (2025-12-01) has BRL, EUR, GBP, JPY; open.er-api (real, 2024-08-19) gives the rest.
    expect(after.body.date).toBe('2025-12-01');
    expect(after.body.rates).toMatchObject({ USD: 1, BRL: 5.3371, EUR: 0.86044, JPY: 155.62, CLP: 936.549977, ARS: 944, CAD: 1.368645 });
    expect(after.body.source).toBe('fixed+frankfurter+open-er-api');
  });
});

describe('other sources', () => {
  it('Cardmarket: a number sold as one product is its base print; several products of one number are listed as ambiguous', async () => {
    const feed = cardmarketFeed(sampleJson('cardmarket/price_guide_18.example.json'), sampleJson('cardmarket/products_singles_18.example.json'));
    const run = await ingestFeed({ db: database.db, log: testLog, feed, day: today, trigger: 'cli' });
    expect(run).toMatchObject({ status: 'succeeded', matched: 1, unmatched: 2 });
    const nami = await printId('OP01-016', null);
    const { body } = await getJson<CardPricesResponse>(app(), `/api/cards/${nami}/prices?currency=EUR`);
    // The guide's 690370: low 0.02, avg 0.11, trend 0.07; Cardmarket has no max.
    expect(body.markets.find((m) => m.market === 'market5')).toMatchObject({ source: 'cardmarket', sourceCurrency: 'EUR', min: 2, avg: 11, max: null, trend: 7 });
  });

  it('a Liga price file replaces the BR estimate with the real price', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const text = readFileSync(new URL('../../../../../packages/core/src/prices/fixtures/liga-prices.example.csv', import.meta.url), 'utf8');
    const csv = `${text.trimEnd()}\nOP01-002;;1,50;2,00;10,00;BRL\nOP99-999;;1;1;1;BRL\n`;
    const run = await ingestFeed({ db: database.db, log: testLog, feed: csvFeed(csv, 'br'), day: today, trigger: 'cli' });
    expect(run).toMatchObject({ status: 'succeeded', matched: 2, unmatched: 1 });
    const { body } = await getJson<CardPricesResponse>(app(), `/api/cards/${await printId('OP01-002', null)}/prices?currency=BRL`);
    expect(body.markets.find((m) => m.market === 'br')).toMatchObject({ source: 'csv', estimate: false, sourceCurrency: 'BRL', min: 150, avg: 200, max: 1000 });
    const luffy = await getJson<CardPricesResponse>(app(), `/api/cards/${await printId('OP01-077', null)}/prices?currency=BRL`);
    expect(luffy.body.markets.find((m) => m.market === 'br')).toMatchObject({ min: 2400, avg: 65800, max: 239900 });
  });
});

describe('demo prices', () => {
  it('give every print a flagged price in every market and a year of history, and a real price replaces them', async () => {
    config = { ...config, demo: true };
    try {
      const written = await refreshDemoPrices(database.db, today);
      const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(cards)) as [{ n: number }];
      expect(written).toBe(n * 4);
      const law = await printId('OP01-002', null);
      const prices = await getJson<CardPricesResponse>(app(), `/api/cards/${law}/prices?currency=USD`);
      expect(prices.body.markets.map((m) => [m.market, m.demo, m.estimate])).toEqual([
        ['us', true, false],
        ['br', true, true],
        ['market3', true, false],
        ['market4', true, false],
        ['market5', true, false],
      ]);
      const history = await getJson<PriceHistoryResponse>(app(), `/api/cards/${law}/prices/history?market=market5&days=365&currency=EUR`);
      expect(history.body.points).toHaveLength(365);
      // "all" of a demo series reaches as far back as the demo history does.
      const all = await getJson<PriceHistoryResponse>(app(), `/api/cards/${law}/prices/history?market=market5&days=all&currency=EUR`);
      expect(all.body.points).toHaveLength(DEMO_HISTORY_DAYS);
      expect(history.body.points.at(-1)).toMatchObject({ date: today, demo: true, avg: prices.body.markets.find((m) => m.market === 'market5')!.sourceAvg });

      await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
      const real = await getJson<CardPricesResponse>(app(), `/api/cards/${law}/prices?currency=USD`);
      expect(real.body.markets.find((m) => m.market === 'us')).toMatchObject({ demo: false, sourceMin: 15 });
      // A demo refresh later the same day leaves the real price alone.
      await refreshDemoPrices(database.db, today);
      const still = await getJson<CardPricesResponse>(app(), `/api/cards/${law}/prices?currency=USD`);
      expect(still.body.markets.find((m) => m.market === 'us')).toMatchObject({ demo: false, sourceMin: 15 });
      const realHistory = await getJson<PriceHistoryResponse>(app(), `/api/cards/${law}/prices/history?market=us&days=30`);
      expect(realHistory.body.points).toEqual([{ date: today, min: 15, avg: 36, max: 999, demo: false }]);
    } finally {
      config = { ...config, demo: false };
    }
  });
});

describe('values of binders and the portfolio', () => {
  it('values a binder in the chosen market, type and currency, with cost basis, gain and the most valuable card', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const law = await printId('OP01-002', null);
    const luffyParallel = await printId('OP01-024', 'p1');
    const value = await valueOfRows({
      db: database.db,
      config,
      query: { market: 'us', priceType: 'min', currency: 'USD' },
      rows: [
        { cardId: law, quantity: 4, purchasePriceMinor: 10, purchaseCurrency: 'USD' },
        { cardId: luffyParallel, quantity: 1, purchasePriceMinor: 10000, purchaseCurrency: 'USD' },
        { cardId: await printId('OP01-016', null), quantity: 2, purchasePriceMinor: null, purchaseCurrency: null },
      ],
    });
    // Law 4 × $0.15, the parallel 1 × $89.00 (tcgcsv example rows); Nami has no US price.
    expect(value).toMatchObject({ total: 4 * 15 + 8900, pricedCopies: 5, unpricedCopies: 2, costBasis: 4 * 10 + 10000, gain: 4 * 15 + 8900 - (4 * 10 + 10000) });
    expect(value.mostValuable[0]).toEqual({ cardId: luffyParallel, quantity: 1, unit: 8900, total: 8900 });
    // A week ago there was no price: no mover.
    expect(value.movers).toEqual([]);

    const latest = await getJson<{ prices: Record<string, { min: number }> }>(app(), `/api/prices/latest?ids=${law},${luffyParallel}&market=us&currency=USD`);
    expect(latest.body.prices[String(law)]).toMatchObject({ min: 15, demo: false });
    expect((await getJson(app(), `/api/prices/latest?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`)).status).toBe(400);
  });

  it('finds the top movers over 7 days', async () => {
    const law = await printId('OP01-002', null);
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'cli', day: new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10) });
    // Today's price of Law doubles.
    const doubled = sampleJson('tcgcsv/prices.68.3188.example.json') as { results: { productId: number; lowPrice: number }[] };
    server.set('/tcgplayer/68/3188/prices', { json: { ...doubled, results: doubled.results.map((r) => (r.productId === 453505 ? { ...r, lowPrice: 0.3 } : r)) } });
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const value = await valueOfRows({ db: database.db, config, query: { market: 'us', priceType: 'min', currency: 'USD' }, rows: [{ cardId: law, quantity: 1, purchasePriceMinor: null, purchaseCurrency: null }] });
    expect(value.movers).toEqual([{ cardId: law, unit: 30, before: 15, change: 15, ratio: 1 }]);
  });
  it('values a big collection from the market’s prices kept in memory, and sees the prices of a new run at once', async () => {
    const law = await printId('OP01-002', null);
    // More prints than WHOLE_MARKET_IDS: the market's whole current-price table is read and kept.
    const others = (await database.db.select({ id: cards.id }).from(cards).orderBy(cards.id).limit(500)).map((r) => r.id).filter((id) => id !== law);
    const rows = [law, ...others].map((cardId) => ({ cardId, quantity: cardId === law ? 2 : 1, purchasePriceMinor: null, purchaseCurrency: null }));
    const query = { market: 'us', priceType: 'min', currency: 'USD' } as const;
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const before = await valueOfRows({ db: database.db, config, query, rows });
    expect(before.mostValuable.find((m) => m.cardId === law)).toEqual({ cardId: law, quantity: 2, unit: 15, total: 30 });
    const doubled = sampleJson('tcgcsv/prices.68.3188.example.json') as { results: { productId: number; lowPrice: number }[] };
    server.set('/tcgplayer/68/3188/prices', { json: { ...doubled, results: doubled.results.map((r) => (r.productId === 453505 ? { ...r, lowPrice: 0.3 } : r)) } });
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const after = await valueOfRows({ db: database.db, config, query, rows });
    expect(after.total - before.total).toBe(30);
    expect(after.pricedCopies).toBe(before.pricedCopies);
  });
});

describe('value over time', () => {
  it('follows today’s holdings at each day’s prices, carrying a price forward over days without one', async () => {
    const law = await printId('OP01-002', null);
    const rows = [{ cardId: law, quantity: 2, purchasePriceMinor: null, purchaseCurrency: null }];
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'cli', day: threeDaysAgo });
    const history = await valueHistory({ db: database.db, rows, query: { market: 'us', priceType: 'min', currency: 'USD' }, days: 30, config });
    expect(history.points).toHaveLength(30);
    expect(history.points.at(-5)).toMatchObject({ total: 0, demo: false });
    // From the day of the price on, 2 × $0.15 every day (carried forward).
    expect(history.points.slice(-4).map((p) => p.total)).toEqual([30, 30, 30, 30]);
  });

  it('uses the demo series of prints with demo prices, flagged', async () => {
    config = { ...config, demo: true };
    try {
      await refreshDemoPrices(database.db, today);
      const law = await printId('OP01-002', null);
      const rows = [{ cardId: law, quantity: 3, purchasePriceMinor: null, purchaseCurrency: null }];
      const query = { market: 'market5', priceType: 'avg', currency: 'EUR' } as const;
      const history = await valueHistory({ db: database.db, rows, query, days: 90, config });
      expect(history.points).toHaveLength(90);
      expect(history.points.every((p) => p.demo && p.total > 0)).toBe(true);
      const now = await valueOfRows({ db: database.db, rows, query, config });
      expect(history.points.at(-1)!.total).toBe(now.total);
    } finally {
      config = { ...config, demo: false };
    }
  });
});

describe('the library with prices', () => {
  it('sorts by price, filters by a price range, and carries the page’s prices in the asked currency', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const [p1, p3, base, law] = [await printId('OP01-024', 'p1'), await printId('OP01-024', 'p3'), await printId('OP01-024', null), await printId('OP01-002', null)];
    const sorted = await getJson<CardListResponse>(app(), '/api/cards?market=us&sort=price&order=desc&pageSize=5&prints=all');
    expect(sorted.status).toBe(200);
    expect(sorted.body.items.slice(0, 4).map((c) => c.id)).toEqual([p1, p3, base, law]);
    // One row per number (the default): each number's dearest print stands for it, its prints counted.
    const grouped = await getJson<CardListResponse>(app(), '/api/cards?market=us&sort=price&order=desc&pageSize=5');
    const printsOf = async (n: string) => (await getJson<CardListResponse>(app(), `/api/cards?q=${n}&prints=all`)).body.total;
    expect(grouped.body.items.slice(0, 2).map((c) => [c.id, c.printCount])).toEqual([
      [p1, await printsOf('OP01-024')],
      [law, await printsOf('OP01-002')],
    ]);
    expect(sorted.body.prices?.[String(p1)]).toMatchObject({ min: 8900, demo: false });
    expect(sorted.body).toMatchObject({ market: 'us', currency: 'USD' });

    const ranged = await getJson<CardListResponse>(app(), '/api/cards?market=us&currency=BRL&priceMin=5&priceMax=300&sort=price&prints=all');
    // In BRL at the snapshot rate (5.47): $1.21 → R$6.62, $45 → R$246; $89 → R$487 and $0.15 → R$0.82 fall outside.
    expect(ranged.body.items.map((c) => c.id)).toEqual([base, p3]);
    expect(ranged.body.total).toBe(2);
    const rangedNumbers = await getJson<CardListResponse>(app(), '/api/cards?market=us&currency=BRL&priceMin=5&priceMax=300&sort=price');
    expect(rangedNumbers.body.items.map((c) => [c.id, c.printCount])).toEqual([[base, 2]]);
    expect(rangedNumbers.body.total).toBe(1);

    const bad = await getJson<{ error: { code: string; message: string } }>(app(), '/api/cards?priceMin=10&priceMax=2');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Minimum price must not be greater than maximum price');
    // Without market, the answer is the card contract as before: no prices.
    const plain = await getJson<CardListResponse>(app(), '/api/cards?pageSize=2');
    expect(plain.body.prices).toBeUndefined();
  });
});

describe('set value', () => {
  it('adds one copy of every priced print of the set, and answers without a value when no market is asked', async () => {
    await runLiveSource({ db: database.db, log: testLog, config, source: 'tcgcsv', trigger: 'admin' });
    const { status, body } = await getJson<SetDetailResponse>(app(), '/api/sets/op-01?market=us&priceType=min&currency=USD');
    expect(status).toBe(200);
    // OP01-002 ($0.15), OP01-024 ($1.21) and its parallel ($89.00) of the example rows; the PRB-01 art is another set.
    expect(body.value).toMatchObject({ market: 'us', total: 15 + 121 + 8900, pricedPrints: 3, unpricedPrints: body.cards.length - 3, demo: false });
    expect(Object.keys(body.prices ?? {})).toHaveLength(3);
    const plain = await getJson<SetDetailResponse>(app(), '/api/sets/op-01');
    expect(plain.body.value).toBeUndefined();
    expect((await getJson(app(), '/api/sets/op-01?market=ebay')).status).toBe(400);
  });
});

describe('price jobs', () => {
  it('run a configured source through the scheduler (its lock), recording why it ran', async () => {
    const { createScheduler } = await import('../../jobs/scheduler');
    const { priceJobs, runPriceJobNow } = await import('./price-jobs');
    const jobs = priceJobs({ ...config, sources: ['fx', 'tcgcsv'] });
    expect(jobs.map((j) => j.name)).toEqual(['prices-fx', 'prices-tcgcsv']);
    const scheduler = createScheduler({ database, log: testLog, jobs });
    try {
      const result = await runPriceJobNow(scheduler.runNow, 'prices-tcgcsv', 'admin');
      expect(result).toMatchObject({ status: 'succeeded', counts: { rows: 4, matched: 4 } });
      await scheduler.runNow('prices-fx');
      const runs = await database.db.select({ source: priceRuns.source, trigger: priceRuns.trigger, status: priceRuns.status }).from(priceRuns).orderBy(priceRuns.id);
      expect(runs).toEqual([
        { source: 'tcgcsv', trigger: 'admin', status: 'succeeded' },
        { source: 'fx', trigger: 'schedule', status: 'succeeded' },
      ]);
    } finally {
      await scheduler.stop();
    }
  });
});

describe('Cardmarket and CardTrader, fetched live from the local server', () => {
  it('CardTrader: the bearer token is sent, Near Mint listings priced in EUR, sealed blueprints skipped; then Cardmarket joins through its card_market_ids', async () => {
    server.set('/ct/expansions', { json: sampleJson('cardtrader/expansions.example.json') });
    server.set('/ct/blueprints/export?expansion_id=3332', { json: sampleJson('cardtrader/blueprints-export.op01.example.json') });
    server.set('/ct/marketplace/products?expansion_id=3332', { json: sampleJson('cardtrader/marketplace-products.blueprint_244442.example.json') });
    const ctConfig = { ...config, cardtraderBaseUrl: `${server.url}/ct`, cardtraderToken: 'test-token' };
    const run = await runLiveSource({ db: database.db, log: testLog, config: ctConfig, source: 'cardtrader', trigger: 'admin' });
    expect(run).toMatchObject({ status: 'succeeded', market: 'market3', matched: 1, skipped: 1, rows: 1 });
    expect(server.headers.get('/ct/marketplace/products')?.authorization).toBe('Bearer test-token');
    const alvida = await printId('OP01-064', null);
    const { body } = await getJson<CardPricesResponse>(app(), `/api/cards/${alvida}/prices?currency=EUR`);
    // Listings of 0.12 € and 0.25 € in Near Mint; the Slightly Played one (0.15 €) does not count.
    expect(body.markets.find((m) => m.market === 'market3')).toMatchObject({ source: 'cardtrader', sourceCurrency: 'EUR', min: 12, avg: 19, max: 25, url: 'https://www.cardtrader.com/cards/244442' });

    // Two Cardmarket products named alike: the one CardTrader names (690500) is Alvida's base print, the other is listed.
    const guide = { version: 1, createdAt: '2025-12-01T02:45:12+0100', priceGuides: [{ idProduct: 690500, idCategory: 1621, avg: 0.2, low: 0.05, trend: 0.1 }, { idProduct: 690501, idCategory: 1621, avg: 9, low: 5, trend: 8 }] };
    const products = { version: 1, createdAt: '2025-12-01T02:44:58+0100', products: [690500, 690501].map((idProduct) => ({ idProduct, name: 'Alvida (OP01-064)', idCategory: 1621, categoryName: 'One Piece Single', idExpansion: 5229, idMetacard: 412064, dateAdded: '2022-11-24 13:05:11' })) };
    server.set('/cm/priceGuide/price_guide_18.json', { json: guide });
    server.set('/cm/productList/products_singles_18.json', { json: products });
    const cm = await runLiveSource({ db: database.db, log: testLog, config: { ...config, cardmarketBaseUrl: `${server.url}/cm` }, source: 'cardmarket', trigger: 'admin' });
    expect(cm).toMatchObject({ status: 'succeeded', matched: 1, unmatched: 1 });
    const after = await getJson<CardPricesResponse>(app(), `/api/cards/${alvida}/prices?currency=EUR`);
    expect(after.body.markets.find((m) => m.market === 'market5')).toMatchObject({ source: 'cardmarket', min: 5, avg: 20, max: null, trend: 10 });
    const [run5] = await database.db.select({ details: priceRuns.details }).from(priceRuns).where(eq(priceRuns.source, 'cardmarket'));
    expect(run5!.details).toMatchObject({ sourceUpdatedAt: '2025-12-01T01:45:12.000Z', unmatched: [{ productId: '690501', reason: 'AMBIGUOUS' }] });
  });
});
