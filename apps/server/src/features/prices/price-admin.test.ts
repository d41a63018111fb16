import { readFileSync } from 'node:fs';
import type { CardPricesResponse, PricePin, PriceRunsResponse, PriceSourcesResponse, PriceUploadResponse, UnmatchedProductsResponse } from '@grandline/core/contracts/prices';
import { SOURCE_CODES } from '@grandline/core/prices/codes';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../app';
import { cards, priceProducts, priceRuns } from '../../db/schema/index';
import { DEFAULT_PRICE_CONFIG, type PriceConfig } from '../../lib/price-config';
import { sampleJson, startFeedServer, tcgcsvSite, type FeedServer } from '../../testing/feed-server';
import { createAuthTestApp, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { runLiveSource, utcToday } from './price-runs.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let server: FeedServer;
let config: PriceConfig;
let admin: string;
let user: string;
/** The jobs the routes asked to run, and the last one's promise (the scheduler's runNow, played here). */
let jobs: string[] = [];
let lastJob: Promise<unknown> = Promise.resolve();

const runJob = (name: string) => {
  jobs.push(name);
  lastJob = name === 'prices-tcgcsv' ? runLiveSource({ db: ctx.db, log: testLog, config, source: 'tcgcsv', trigger: 'schedule' }) : Promise.resolve();
  return lastJob;
};

const app = (options: Partial<AppOptions> = {}) => buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, prices: config, runJob, ...options });

type Call = { method?: string; json?: unknown; form?: FormData; cookie?: string };
async function call<T = unknown>(path: string, { method = 'GET', json, form, cookie }: Call = {}, target = app()) {
  const headers: Record<string, string> = { Origin: TEST_PUBLIC_URL };
  if (cookie) headers.Cookie = cookie;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await target.request(`/api${path}`, { method, headers, body: json !== undefined ? JSON.stringify(json) : form });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
type Problem = { error: { code: string; message: string; field?: string; missing?: string[]; issues?: { path: string }[] } };

const LIGA_CSV = readFileSync(new URL('../../../../../packages/core/src/prices/fixtures/liga-prices.example.csv', import.meta.url), 'utf8');

function uploadForm(fields: Record<string, string>, files: Record<string, Blob | string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, value] of Object.entries(files)) form.set(name, typeof value === 'string' ? new Blob([value], { type: 'text/csv' }) : value, `${name}.dat`);
  return form;
}
const upload = <T = PriceUploadResponse>(fields: Record<string, string>, files: Record<string, Blob | string> = {}, target = app()) =>
  call<T>('/admin/prices/upload', { method: 'POST', form: uploadForm(fields, files), cookie: admin }, target);

async function printId(number: string, variant: string | null) {
  const [row] = await ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.cardNumber, number), variant ? eq(cards.variant, variant) : isNull(cards.variant)));
  return row!.id;
}

/** Runs tcgcsv through POST /admin/prices/run and waits for the run (as the scheduler would run it). */
async function runTcgcsv() {
  const res = await call('/admin/prices/run', { method: 'POST', json: { source: 'tcgcsv' }, cookie: admin });
  expect(res).toEqual({ status: 202, body: { started: true, source: 'tcgcsv' } });
  await lastJob;
}

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['nico.robin@example.com'] });
  server = await startFeedServer(tcgcsvSite());
  config = { ...DEFAULT_PRICE_CONFIG, sources: ['tcgcsv'], tcgcsvBaseUrl: server.url, timeoutMs: 2_000 };
  admin = await signUpVerified(ctx, 'nico.robin@example.com');
  user = await signUpVerified(ctx, 'brook@example.com');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await ctx?.database.close();
});
beforeEach(async () => {
  await ctx.db.execute(sql`truncate card_prices, card_price_latest, price_products, price_pins, price_runs`);
  jobs = [];
  lastJob = Promise.resolve();
});

describe('admin prices: access', () => {
  it('is for admins only: 401 signed out, 403 for other users, on every endpoint', async () => {
    const endpoints: [string, Call][] = [
      ['/admin/prices/runs', {}],
      ['/admin/prices/sources', {}],
      ['/admin/prices/run', { method: 'POST', json: { source: 'tcgcsv' } }],
      ['/admin/prices/unmatched', {}],
      ['/admin/prices/pins', {}],
      ['/admin/prices/pins', { method: 'POST', json: { source: 'tcgcsv', productId: '712666', cardId: 1 } }],
      ['/admin/prices/pins/tcgcsv/712666', { method: 'DELETE' }],
    ];
    for (const [path, init] of endpoints) {
      expect((await call<Problem>(path, init)).body.error.code, `${init.method ?? 'GET'} ${path}`).toBe('UNAUTHORIZED');
      const refused = await call<Problem>(path, { ...init, cookie: user });
      expect(refused.status, `${init.method ?? 'GET'} ${path}`).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    const anonymous = await call('/admin/prices/upload', { method: 'POST', form: uploadForm({ source: 'csv', market: 'br' }, { file: LIGA_CSV }) });
    expect(anonymous.status).toBe(401);
    const refused = await call('/admin/prices/upload', { method: 'POST', form: uploadForm({ source: 'csv', market: 'br' }, { file: LIGA_CSV }), cookie: user });
    expect(refused.status).toBe(403);
    expect(jobs).toEqual([]);
    expect(await ctx.db.select().from(priceRuns)).toEqual([]);
  });
});

describe('admin prices: run now', () => {
  it('starts the source’s job through the scheduler, answers 202 at once, and the run shows in the list and the sources', async () => {
    await runTcgcsv();
    expect(jobs).toEqual(['prices-tcgcsv']);
    const runs = await call<PriceRunsResponse>('/admin/prices/runs?source=tcgcsv', { cookie: admin });
    expect(runs.status).toBe(200);
    expect(runs.body.items).toHaveLength(1);
    expect(runs.body.items[0]).toMatchObject({ source: 'tcgcsv', market: 'us', day: utcToday(), status: 'succeeded', rows: 4, matched: 4, unmatched: 3, skipped: 11, error: null });
    expect(runs.body.items[0]!.finishedAt).toEqual(expect.any(String));
    // The run's details list its first unmatched products (all three here).
    expect((runs.body.items[0]!.details as { unmatched: { number: string }[] }).unmatched.map((u) => u.number).sort()).toEqual(['OP17-002', 'OP17-009', 'OP17-017']);

    const sources = await call<PriceSourcesResponse>('/admin/prices/sources', { cookie: admin });
    expect(sources.body.items.map((s) => [s.source, s.configured, s.running])).toEqual([
      ['tcgcsv', true, false],
      ['cardmarket', false, false],
      ['cardtrader', false, false],
      ['fx', false, false],
    ]);
    expect(sources.body.items[0]).toMatchObject({ lastRun: { id: runs.body.items[0]!.id, status: 'succeeded' }, lastSuccessAt: expect.any(String) });
    expect(sources.body.items[1]).toMatchObject({ lastRun: null, lastSuccessAt: null });
  });

  it('refuses a source this server does not fetch (409), an unknown one (400), and a second run while one is going', async () => {
    const unconfigured = await call<Problem>('/admin/prices/run', { method: 'POST', json: { source: 'cardmarket' }, cookie: admin });
    expect(unconfigured.status).toBe(409);
    expect(unconfigured.body.error).toMatchObject({ code: 'SOURCE_NOT_CONFIGURED', message: 'This price source is not configured on this server (PRICE_SOURCES)' });
    for (const source of ['ebay', 'csv', 'demo', '']) {
      const unknown = await call<Problem>('/admin/prices/run', { method: 'POST', json: { source }, cookie: admin });
      expect(unknown.status, source).toBe(400);
      expect(unknown.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call<Problem>('/admin/prices/run', { method: 'POST', json: {}, cookie: admin })).status).toBe(400);

    // A run started ten minutes ago is going; one left `running` two hours ago by a stopped process is not.
    await ctx.db.insert(priceRuns).values({ source: 'tcgcsv', market: 'us', day: utcToday(), trigger: 'schedule', status: 'running', startedAt: new Date(Date.now() - 2 * 3_600_000) });
    const [going] = await ctx.db
      .insert(priceRuns)
      .values({ source: 'tcgcsv', market: 'us', day: utcToday(), trigger: 'schedule', status: 'running', startedAt: new Date(Date.now() - 10 * 60_000) })
      .returning({ id: priceRuns.id });
    const busy = await call<Problem>('/admin/prices/run', { method: 'POST', json: { source: 'tcgcsv' }, cookie: admin });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('RUN_IN_PROGRESS');
    expect((await call<PriceSourcesResponse>('/admin/prices/sources', { cookie: admin })).body.items[0]).toMatchObject({ running: true, lastRun: { id: going!.id } });
    await ctx.db.delete(priceRuns).where(eq(priceRuns.id, going!.id));
    expect((await call<PriceSourcesResponse>('/admin/prices/sources', { cookie: admin })).body.items[0]!.running).toBe(false);
    expect(jobs).toEqual([]);
  });

  it('says so when this process runs no jobs (JOBS) or has no scheduler', async () => {
    for (const target of [app({ runJob: undefined }), app({ runJob: () => { throw new Error('no such job'); } })]) {
      const res = await call<Problem>('/admin/prices/run', { method: 'POST', json: { source: 'tcgcsv' }, cookie: admin }, target);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('JOB_UNAVAILABLE');
    }
  });

  it('lists runs newest first, of one source or all, at most `limit` (≤ 200)', async () => {
    for (const [i, source] of ['tcgcsv', 'fx', 'csv', 'tcgcsv'].entries()) {
      await ctx.db.insert(priceRuns).values({ source, day: utcToday(), trigger: 'cli', status: 'succeeded', startedAt: new Date(Date.now() - (10 - i) * 60_000) });
    }
    const all = await call<PriceRunsResponse>('/admin/prices/runs', { cookie: admin });
    expect(all.body.items.map((r) => r.source)).toEqual(['tcgcsv', 'csv', 'fx', 'tcgcsv']);
    expect((await call<PriceRunsResponse>('/admin/prices/runs?source=tcgcsv&limit=1', { cookie: admin })).body.items).toHaveLength(1);
    for (const query of ['limit=201', 'limit=0', 'source=ebay']) expect((await call(`/admin/prices/runs?${query}`, { cookie: admin })).status, query).toBe(400);
  });
});

describe('admin prices: uploaded price files', () => {
  it('imports the Liga example CSV now: one print matched, its BR price becomes real', async () => {
    const luffy = await printId('OP01-077', null);
    const res = await upload({ source: 'csv', market: 'br' }, { file: LIGA_CSV });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'csv', market: 'br', day: utcToday(), status: 'succeeded', rows: 1, matched: 1, unmatched: 0, skipped: 0, error: null, unmatchedItems: [] });
    expect(res.body.runId).toEqual(expect.any(Number));
    const prices = await call<CardPricesResponse>(`/cards/${luffy}/prices?currency=BRL`);
    expect(prices.body.markets.find((m) => m.market === 'br')).toMatchObject({ source: 'csv', demo: false, estimate: false, sourceCurrency: 'BRL', min: 2400, avg: 65800, max: 239900 });
    const runs = await call<PriceRunsResponse>('/admin/prices/runs', { cookie: admin });
    expect(runs.body.items[0]).toMatchObject({ id: res.body.runId, source: 'csv', market: 'br', trigger: 'admin', status: 'succeeded', matched: 1 });
  });

  it('takes an earlier day, and lists the rows it could not use', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const csv = `${LIGA_CSV.trimEnd()}\nOP99-999;;1;1;1;BRL\nOP01-001;;abc;;;BRL\n`;
    const res = await upload({ source: 'csv', market: 'market4', date: yesterday }, { file: csv });
    expect(res.body).toMatchObject({ market: 'market4', day: yesterday, matched: 1, unmatched: 2 });
    expect(res.body.unmatchedItems.map((u) => [u.reason, u.number, u.setName])).toEqual([
      ['INVALID', null, 'line 4'],
      ['NO_PRINT', 'OP99-999', 'line 3'],
    ]);
  });

  it('imports a Cardmarket price guide with its product list', async () => {
    const res = await upload(
      { source: 'cardmarket' },
      { file: JSON.stringify(sampleJson('cardmarket/price_guide_18.example.json')), products: JSON.stringify(sampleJson('cardmarket/products_singles_18.example.json')) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'cardmarket', market: 'market5', status: 'succeeded', matched: 1, unmatched: 2 });
    expect(res.body.unmatchedItems.map((u) => u.reason)).toEqual(['AMBIGUOUS', 'AMBIGUOUS']);
    const unmatched = await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=cardmarket', { cookie: admin });
    expect(unmatched.body.total).toBe(2);
  });

  it('refuses a broken file with a 400 and its code, never a 500, and stores nothing', async () => {
    const cases: [string, Record<string, string>, Record<string, Blob | string>, string, string?][] = [
      ['columns missing', { source: 'csv', market: 'br' }, { file: 'card_number;variant;price\nOP01-077;;1\n' }, 'MISSING_COLUMNS', 'file'],
      ['header only', { source: 'csv', market: 'br' }, { file: 'card_number;variant;min;avg;max;currency\n' }, 'NO_DATA_ROWS', 'file'],
      ['blank', { source: 'csv', market: 'br' }, { file: '  \n' }, 'NO_DATA_ROWS', 'file'],
      ['empty file', { source: 'csv', market: 'br' }, { file: '' }, 'NO_FILE', 'file'],
      ['no file', { source: 'csv', market: 'br' }, {}, 'NO_FILE', 'file'],
      ['file as text', { source: 'csv', market: 'br', file: LIGA_CSV }, {}, 'NO_FILE', 'file'],
      ['not UTF-8', { source: 'csv', market: 'br' }, { file: new Blob([new Uint8Array([0x63, 0x61, 0x72, 0x64, 0xff, 0xfe, 0x0a])]) }, 'NOT_UTF8', 'file'],
      ['line too long', { source: 'csv', market: 'br' }, { file: `card_number;variant;min;avg;max;currency\nOP01-077;;${'1'.repeat(3000)};;;BRL\n` }, 'LINE_TOO_LONG', 'file'],
      ['no market', { source: 'csv' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['market of a feed', { source: 'csv', market: 'us' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['unknown source', { source: 'tcgcsv' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['future day', { source: 'csv', market: 'br', date: '2999-01-01' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['impossible day', { source: 'csv', market: 'br', date: '2025-02-30' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['malformed day', { source: 'csv', market: 'br', date: '1/2/2025' }, { file: LIGA_CSV }, 'VALIDATION_ERROR'],
      ['guide not JSON', { source: 'cardmarket' }, { file: '{"priceGuides": [', products: '{"products": []}' }, 'NOT_JSON', 'file'],
      ['products not JSON', { source: 'cardmarket' }, { file: '{"priceGuides": []}', products: 'idProduct,name' }, 'NOT_JSON', 'products'],
      ['guide of another shape', { source: 'cardmarket' }, { file: '[1, 2]', products: '{"products": []}' }, 'INVALID_PRICE_FILE', 'file'],
      ['products swapped', { source: 'cardmarket' }, { file: '{"priceGuides": []}', products: '{"priceGuides": []}' }, 'INVALID_PRICE_FILE', 'products'],
      ['no product list', { source: 'cardmarket' }, { file: '{"priceGuides": []}' }, 'NO_FILE', 'products'],
    ];
    for (const [name, fields, files, code, field] of cases) {
      const res = await upload<Problem>(fields, files);
      expect(res.status, name).toBe(400);
      expect(res.body.error.code, name).toBe(code);
      expect(res.body.error.message, name).toEqual(expect.any(String));
      if (field) expect(res.body.error.field, name).toBe(field);
    }
    const missing = await upload<Problem>({ source: 'csv', market: 'br' }, { file: 'card_number,variant,avg\nOP01-077,,1\n' });
    expect(missing.body.error).toMatchObject({ missing: ['min', 'max', 'currency'], message: expect.stringContaining('min, max, currency') });
    const json = await call<Problem>('/admin/prices/upload', { method: 'POST', json: { source: 'csv', market: 'br' }, cookie: admin });
    expect(json.status).toBe(415);
    expect(await ctx.db.select().from(priceRuns)).toEqual([]);
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 before reading it', async () => {
    const small = app({ maxUploadBytes: 1024 });
    const big = `${LIGA_CSV}${'OP01-077;;1;1;1;BRL\n'.repeat(100)}`;
    const res = await upload<Problem>({ source: 'csv', market: 'br' }, { file: big }, small);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('FILE_TOO_LARGE');
    expect((await upload({ source: 'csv', market: 'br' }, { file: LIGA_CSV }, small)).status).toBe(200);
  });
});

describe('admin prices: unmatched products and pins', () => {
  it('lists the unmatched products of the last run, searched by name or number', async () => {
    await runTcgcsv();
    const list = await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=tcgcsv', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(list.body.items.map((p) => [p.productId, p.number, p.name, p.reason])).toEqual([
      ['712666', 'OP17-002', 'Atmos', 'UNKNOWN_SET'],
      ['712669', 'OP17-009', 'Haruta', 'UNKNOWN_SET'],
      ['712677', 'OP17-017', 'Ga Ha Ha Ha!!', 'UNKNOWN_SET'],
    ]);
    expect(list.body.items[0]).toMatchObject({ source: 'tcgcsv', market: 'us', setName: "The World's Strongest Warriors Release Event Cards (OP17 RE)", seenOn: utcToday(), url: expect.stringContaining('712666') });
    const search = async (q: string) => (await call<UnmatchedProductsResponse>(`/admin/prices/unmatched?source=tcgcsv&q=${encodeURIComponent(q)}`, { cookie: admin })).body;
    expect((await search('op17-009')).items.map((p) => p.productId)).toEqual(['712669']);
    expect((await search('HARUTA')).items.map((p) => p.productId)).toEqual(['712669']);
    // LIKE wildcards are searched as text.
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    const paged = await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=tcgcsv&pageSize=2&page=2', { cookie: admin });
    expect(paged.body.items.map((p) => p.productId)).toEqual(['712677']);
    expect((await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=cardtrader', { cookie: admin })).body.total).toBe(0);
    for (const query of [`q=${'x'.repeat(101)}`, 'source=csv', 'page=0', 'pageSize=101']) {
      expect((await call(`/admin/prices/unmatched?${query}`, { cookie: admin })).status, query).toBe(400);
    }
  });

  it('pins a product to a print: linked at once, matched to that print by the next run, removable', async () => {
    await runTcgcsv();
    const atmos = await printId('OP17-002', null);
    const haruta = await printId('OP17-009', null);
    const pin = await call<PricePin>('/admin/prices/pins', { method: 'POST', json: { source: 'tcgcsv', productId: '712666', cardId: atmos }, cookie: admin });
    expect(pin.status).toBe(201);
    expect(pin.body).toMatchObject({
      source: 'tcgcsv',
      productId: '712666',
      cardId: atmos,
      card: { cardNumber: 'OP17-002', variant: null, setCode: 'OP-17' },
      product: { name: 'Atmos', number: 'OP17-002' },
      createdBy: 'nico.robin@example.com',
    });
    // The link shows at once; the product leaves the unmatched list.
    const [linked] = await ctx.db.select().from(priceProducts).where(and(eq(priceProducts.source, SOURCE_CODES.tcgcsv), eq(priceProducts.productId, '712666')));
    expect(linked).toMatchObject({ cardId: atmos, reason: null });
    expect((await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=tcgcsv', { cookie: admin })).body.total).toBe(2);

    const refused = async (json: unknown, status: number, code: string) => {
      const res = await call<Problem>('/admin/prices/pins', { method: 'POST', json, cookie: admin });
      expect(res.status, code).toBe(status);
      expect(res.body.error.code).toBe(code);
    };
    await refused({ source: 'tcgcsv', productId: '712666', cardId: haruta }, 409, 'PRODUCT_ALREADY_PINNED');
    await refused({ source: 'tcgcsv', productId: '712669', cardId: atmos }, 409, 'PRINT_ALREADY_PINNED');
    await refused({ source: 'tcgcsv', productId: '712669', cardId: 2_000_000_000 }, 404, 'CARD_NOT_FOUND');
    await refused({ source: 'tcgcsv', productId: '999999', cardId: haruta }, 404, 'PRICE_PRODUCT_NOT_FOUND');
    await refused({ source: 'cardmarket', productId: '712669', cardId: haruta }, 404, 'PRICE_PRODUCT_NOT_FOUND');
    await refused({ source: 'csv', productId: '712669', cardId: haruta }, 400, 'VALIDATION_ERROR');
    await refused({ source: 'tcgcsv', productId: '', cardId: haruta }, 400, 'VALIDATION_ERROR');
    await refused({ source: 'tcgcsv', productId: '712669', cardId: 0 }, 400, 'VALIDATION_ERROR');

    const pins = await call<{ items: PricePin[] }>('/admin/prices/pins?source=tcgcsv', { cookie: admin });
    expect(pins.body.items.map((p) => [p.productId, p.cardId])).toEqual([['712666', atmos]]);
    expect((await call<{ items: PricePin[] }>('/admin/prices/pins?source=cardmarket', { cookie: admin })).body.items).toEqual([]);

    // The next run matches the pinned product to the pinned print, which gets its US price.
    await runTcgcsv();
    const runs = await call<PriceRunsResponse>('/admin/prices/runs?source=tcgcsv&limit=1', { cookie: admin });
    expect(runs.body.items[0]).toMatchObject({ status: 'succeeded', matched: 5, unmatched: 2 });
    const prices = await call<CardPricesResponse>(`/cards/${atmos}/prices?currency=USD`);
    expect(prices.body.markets.find((m) => m.market === 'us')).toMatchObject({ source: 'tcgcsv', demo: false, sourceMin: 20, sourceAvg: 71, sourceMax: 500, url: expect.stringContaining('712666') });

    const removed = await call('/admin/prices/pins/tcgcsv/712666', { method: 'DELETE', cookie: admin });
    expect(removed.status).toBe(204);
    const again = await call<Problem>('/admin/prices/pins/tcgcsv/712666', { method: 'DELETE', cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('PIN_NOT_FOUND');
    expect((await call('/admin/prices/pins/ebay/712666', { method: 'DELETE', cookie: admin })).status).toBe(400);
    // Unlinked until the next run matches it again (here: its set is still unknown).
    const unmatched = await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=tcgcsv&q=atmos', { cookie: admin });
    expect(unmatched.body.items).toMatchObject([{ productId: '712666', reason: null }]);
    await runTcgcsv();
    expect((await call<UnmatchedProductsResponse>('/admin/prices/unmatched?source=tcgcsv&q=atmos', { cookie: admin })).body.items).toMatchObject([{ reason: 'UNKNOWN_SET' }]);
  });

  it('pinning a print the rules gave another product takes it from that product, as the next run does', async () => {
    await runTcgcsv();
    const law = await printId('OP01-002', null);
    const [before] = await ctx.db.select().from(priceProducts).where(and(eq(priceProducts.source, SOURCE_CODES.tcgcsv), eq(priceProducts.cardId, law)));
    expect(before).toBeDefined();
    const pin = await call('/admin/prices/pins', { method: 'POST', json: { source: 'tcgcsv', productId: '712669', cardId: law }, cookie: admin });
    expect(pin.status).toBe(201);
    const linked = await ctx.db.select({ productId: priceProducts.productId }).from(priceProducts).where(eq(priceProducts.cardId, law));
    expect(linked).toEqual([{ productId: '712669' }]);
    await runTcgcsv();
    const after = await ctx.db.select({ productId: priceProducts.productId }).from(priceProducts).where(eq(priceProducts.cardId, law));
    expect(after).toEqual([{ productId: '712669' }]);
  });
});
