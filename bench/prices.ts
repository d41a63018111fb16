/**
 * Prices (issue 14), in this process on an in-memory embedded database seeded with the real library:
 * - a full tcgcsv ingest of a generated full-size dump (every print of the library as a product, plus sealed products
 *   up to 5,000, each with a Normal and a Foil price row) served by a local HTTP server through TCGCSV_BASE_URL's code
 *   path — download, parse, match, one transaction;
 * - one print's 365-day history for the 5 markets, with a year of stored rows for every print in one market (us) and
 *   demo prices in the others, asked through the HTTP API (Hono in-process, no socket).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { loadPackageCards } from '../apps/server/src/features/cards/catalogue-source';
import { seedCatalogue } from '../apps/server/src/features/cards/catalogue-import';
import { registerDomainHandlers } from '../apps/server/src/domain-handlers';
import { refreshDemoPrices } from '../apps/server/src/features/prices/demo.service';
import { runLiveSource, utcToday } from '../apps/server/src/features/prices/price-runs.service';
import { ratesChanged } from '../apps/server/src/features/prices/rates.service';
import { createLogger } from '../apps/server/src/lib/logger';
import { DEFAULT_PRICE_CONFIG } from '../apps/server/src/lib/price-config';
import { percentile } from './bench-env';

const PRODUCTS = 5_000;
const HISTORY_PRINTS = 200;

const pricesTargets = { ingestMs: '≤ 10 s', historyP99: '≤ 20 ms', coldStartDemo: '≤ 20 s', cardsWithPrices: '≥ 0.90 of the same search without prices' };

export interface PricesResult {
  products: number;
  priceRows: number;
  ingestMs: number;
  ingest: { matched: number; unmatched: number; skipped: number; rows: number; status: string };
  storedRows: number;
  historyPerMarket: { p50Ms: number; p99Ms: number };
  historyFiveMarkets: { p50Ms: number; p99Ms: number; prints: number };
}

/** A tcgcsv site of the whole library: one group per set code, every print a product named as TCGplayer names them. */
function generatedSite(prints: { id: number; cardNumber: string; name: string; variant: string | null; rarity: string; setCode: string | null }[]) {
  const groups = new Map<string, { groupId: number; products: unknown[]; prices: unknown[] }>();
  let productId = 900_000;
  const groupOf = (code: string) => {
    let g = groups.get(code);
    if (!g) groups.set(code, (g = { groupId: 30_000 + groups.size, products: [], prices: [] }));
    return g;
  };
  const add = (code: string, name: string, number: string | null) => {
    const g = groupOf(code);
    const id = productId++;
    g.products.push({
      productId: id,
      name,
      cleanName: name,
      categoryId: 68,
      groupId: g.groupId,
      url: `https://www.tcgplayer.com/product/${id}/x`,
      extendedData: number ? [{ name: 'Number', displayName: 'Number', value: number }, { name: 'Rarity', displayName: 'Rarity', value: 'R' }] : [],
    });
    const low = 0.1 + (id % 997) / 10;
    g.prices.push({ productId: id, lowPrice: low, midPrice: low * 1.5, highPrice: low * 4, marketPrice: low * 1.3, directLowPrice: null, subTypeName: 'Normal' });
    g.prices.push({ productId: id, lowPrice: low * 2, midPrice: low * 3, highPrice: low * 8, marketPrice: low * 2.5, directLowPrice: null, subTypeName: 'Foil' });
  };
  for (const p of prints) {
    if (!p.setCode) continue;
    const tag = p.variant === null ? '' : p.rarity === 'SP CARD' ? ' (SP)' : p.variant.startsWith('r') ? ` (${p.cardNumber})` : ' (Parallel)';
    add(p.setCode, `${p.name}${tag}`, p.cardNumber);
  }
  let sealed = 0;
  while (productId - 900_000 < PRODUCTS) add('OP-01', `Booster Box ${++sealed}`, null);
  const site = new Map<string, string>();
  const envelope = (results: unknown[]) => JSON.stringify({ totalItems: results.length, success: true, errors: [], results });
  site.set('/tcgplayer/68/groups', envelope([...groups].map(([code, g]) => ({ groupId: g.groupId, name: code, abbreviation: code.replace('-', ''), categoryId: 68 }))));
  let priceRows = 0;
  for (const g of groups.values()) {
    site.set(`/tcgplayer/68/${g.groupId}/products`, envelope(g.products));
    site.set(`/tcgplayer/68/${g.groupId}/prices`, JSON.stringify({ success: true, errors: [], results: g.prices }));
    priceRows += g.prices.length;
  }
  return { site, products: productId - 900_000, priceRows };
}

export async function pricesBenchmark(log: (msg: string) => void): Promise<PricesResult> {
  const quiet = createLogger('silent');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  registerDomainHandlers({ db: database.db, log: quiet }, { channels: false });
  await seedCatalogue({ db: database.db, log: quiet, raw: loadPackageCards(), force: true });
  type Print = { id: number; cardNumber: string; name: string; variant: string | null; rarity: string; setCode: string | null };
  const printRows = await database.db.execute(sql`select c.id, c.card_number as "cardNumber", c.name, c.variant, c.rarity, s.code as "setCode" from cards c left join card_sets s on s.id = c.set_id order by c.id`);
  const prints = (printRows as unknown as { rows: Print[] }).rows;
  const { site, products, priceRows } = generatedSite(prints);
  const server = http.createServer((req, res) => {
    const body = site.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const config = { ...DEFAULT_PRICE_CONFIG, tcgcsvBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, demo: true };
  try {
    log(`prices: tcgcsv ingest of ${products} products × 2 subtypes (${priceRows} price rows) from a local server`);
    const started = performance.now();
    const run = await runLiveSource({ db: database.db, log: quiet, config, source: 'tcgcsv', trigger: 'cli' });
    const ingestMs = Math.round(performance.now() - started);
    log(`prices: ingest ${ingestMs} ms: ${run.status}, ${run.rows} rows, matched ${run.matched}, unmatched ${run.unmatched}, skipped ${run.skipped}`);

    // A year of us prices for every print (the day of the ingest is today), then demo prices in the other markets.
    const today = utcToday();
    await database.db.execute(sql`
      insert into card_prices (card_id, market, day, source, currency, min, avg, max)
      select c.id, 1, d::date, 1, 'USD', 10 + (c.id * 7 + g) % 5000, 15 + (c.id * 7 + g) % 6000, 40 + (c.id * 7 + g) % 20000
      from cards c cross join generate_series(1, 364) g cross join lateral (select ${today}::date - g as d) dd
      on conflict do nothing`);
    const counted = await database.db.execute(sql`select count(*)::int as n from card_prices`);
    const [{ n }] = (counted as unknown as { rows: [{ n: number }] }).rows;
    await refreshDemoPrices(database.db, today);
    await database.db.execute(sql`analyze card_prices`);
    if (process.env.BENCH_EXPLAIN) {
      const plan = await database.db.execute(sql`explain analyze select day, min from card_prices where card_id = 100 and market = 1 and day >= ${today}::date - 364 order by day`);
      log(JSON.stringify((plan as unknown as { rows: unknown[] }).rows));
    }
    ratesChanged();
    log(`prices: ${n} stored rows; history of ${HISTORY_PRINTS} prints × 5 markets`);

    const app = buildApp({ db: database.db, log: quiet, prices: config });
    const markets = ['us', 'br', 'market3', 'market4', 'market5'];
    const perMarket: number[] = [];
    const perPrint: number[] = [];
    for (let i = 0; i < HISTORY_PRINTS + 10; i++) {
      const id = prints[(i * 24_593) % prints.length]!.id;
      const t0 = performance.now();
      await Promise.all(
        markets.map(async (market) => {
          const m0 = performance.now();
          const res = await app.request(`/api/cards/${id}/prices/history?market=${market}&days=365&currency=BRL`);
          const body = (await res.json()) as { points: unknown[] };
          if (!res.ok || body.points.length < 300) throw new Error(`history ${id} ${market}: ${res.status}, ${body.points?.length} points`);
          if (i >= 10) perMarket.push(performance.now() - m0);
        }),
      );
      if (i >= 10) perPrint.push(performance.now() - t0);
    }
    perMarket.sort((a, b) => a - b);
    perPrint.sort((a, b) => a - b);
    return {
      products,
      priceRows,
      ingestMs,
      ingest: { matched: run.matched, unmatched: run.unmatched, skipped: run.skipped, rows: run.rows, status: run.status },
      storedRows: n,
      historyPerMarket: { p50Ms: percentile(perMarket, 0.5, 2), p99Ms: percentile(perMarket, 0.99, 2) },
      historyFiveMarkets: { p50Ms: percentile(perPrint, 0.5, 2), p99Ms: percentile(perPrint, 0.99, 2), prints: perPrint.length },
    };
  } finally {
    server.close();
    await database.close();
  }
}

export function pricesFigures(p: PricesResult, server?: { coldStartDemoMs?: number; cardsWithPrices?: { ratio: number; withRps: number; withoutRps: number } }) {
  const figures: { figure: string; value: string; target: string; pass: boolean | null }[] = [
    {
      figure: `tcgcsv ingest, ${p.products} products × 2 subtypes (${p.priceRows} price rows), local HTTP`,
      value: `${p.ingestMs} ms (${p.ingest.status}: ${p.ingest.rows} prices, matched ${p.ingest.matched}, unmatched ${p.ingest.unmatched}, skipped ${p.ingest.skipped})`,
      target: pricesTargets.ingestMs,
      pass: p.ingest.status === 'succeeded' && p.ingestMs <= 10_000,
    },
    {
      figure: `one print's 365-day history, 5 markets at once (${p.historyFiveMarkets.prints} prints; ${p.storedRows.toLocaleString('en')} stored rows)`,
      value: `p99 ${p.historyFiveMarkets.p99Ms} ms (p50 ${p.historyFiveMarkets.p50Ms} ms; one market p99 ${p.historyPerMarket.p99Ms} ms)`,
      target: pricesTargets.historyP99,
      pass: p.historyFiveMarkets.p99Ms <= 20,
    },
  ];
  if (server?.coldStartDemoMs !== undefined) {
    figures.push({ figure: 'cold start until demo prices are served', value: `${server.coldStartDemoMs} ms`, target: pricesTargets.coldStartDemo, pass: server.coldStartDemoMs <= 20_000 });
  }
  if (server?.cardsWithPrices) {
    const c = server.cardsWithPrices;
    figures.push({ figure: '/cards with prices (market=us, BRL) vs the same search without', value: `${c.ratio} (${c.withRps} vs ${c.withoutRps} req/s)`, target: pricesTargets.cardsWithPrices, pass: c.ratio >= 0.9 });
  }
  return figures;
}
