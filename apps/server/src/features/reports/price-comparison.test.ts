/**
 * The price comparison report (issue 15): the rules and messages of spec §5/§8, the maths and currency on a
 * hand-checked example, the scopes (a binder, the Personal binders, a deck), filters, sorting and pages, the Free
 * plan's weekly count across a week boundary (an injected clock), its preview, the week's report kept (issue 46), and
 * the CSV export's monthly count.
 */
import type { PriceComparisonLatest, PriceComparisonParams, PriceComparisonResponse, ReportUsage } from '@grandline/core/contracts/reports';
import { PriceComparisonRequest } from '@grandline/core/contracts/reports';
import { convertCents, FX_SNAPSHOT } from '@grandline/core/prices/fx';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cards, users } from '../../db/schema';
import { DEFAULT_PRICE_CONFIG } from '../../lib/price-config';
import { createAuthTestApp, grantPlan, postJson, signUpVerified, testLog } from '../../testing/test-app';
import { csvFeed } from '../prices/feeds';
import { ingestFeed } from '../prices/ingest.service';
import { utcToday } from '../prices/price-runs.service';
import { pricesLanded } from '../prices/prices.service';
import { exportPriceComparison, latestPriceComparison, reportUsage, runPriceComparison } from './price-comparison.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let alice: string;
let aliceId: string;
let bob: string;
let binderId: string;
let tradeId: string;
let emptyId: string;
let deckId: string;
const ids: Record<string, number> = {};
const config = DEFAULT_PRICE_CONFIG;
const rates = FX_SNAPSHOT.rates;

const send = (method: string, path: string, body: unknown, cookie: string) => ctx.app.request(path, { ...postJson(body, { Cookie: cookie }), method });
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

async function basePrint(number: string) {
  const [row] = await ctx.db.select({ id: cards.id }).from(cards).where(and(eq(cards.cardNumber, number), isNull(cards.variant)));
  return row!.id;
}

async function setPrices(market: 'us' | 'market4' | 'market5', rows: [number: string, min: string, avg: string, currency: string][]) {
  const csv = `card_number,variant,min,avg,max,currency\n${rows.map(([n, min, avg, cur]) => `${n},,${min},${avg},${avg},${cur}`).join('\n')}\n`;
  expect((await ingestFeed({ db: ctx.db, log: testLog, feed: csvFeed(csv, market), day: utcToday(), trigger: 'cli' })).status).toBe('succeeded');
  pricesLanded();
}

const report = async (body: Record<string, unknown>, cookie = alice) => {
  const res = await send('POST', '/api/reports/price-comparison', body, cookie);
  return { status: res.status, body: (await res.json()) as PriceComparisonResponse & { error: { code: string; message: string; feature?: string } } };
};
const params = (body: Record<string, unknown>) => PriceComparisonRequest.parse(body) as PriceComparisonParams;
const base = () => ({ scope: { binderId }, reference: 'us', compareAgainst: ['market4', 'market5'], priceType: 'min', minDifferencePct: null, currency: 'USD' });

// Cards of the example (base prints of OP01): A, B, C, D, F in the Personal binder; E only in a Trade binder.
const NUMBERS = { A: 'OP01-016', B: 'OP01-013', C: 'OP01-025', D: 'OP01-003', E: 'OP01-120', F: 'OP01-051' } as const;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true });
  alice = await signUpVerified(ctx, 'alice-report@example.com');
  bob = await signUpVerified(ctx, 'bob-report@example.com');
  for (const [cookie, username] of [[alice, 'alice_report'], [bob, 'bob_report']] as const) {
    await send('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);
  }
  [aliceId] = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'alice-report@example.com'))).map((u) => u.id) as [string];
  for (const [key, number] of Object.entries(NUMBERS)) ids[key] = await basePrint(number);
  // Made private on a Hobby month; the reports below run on Free (what the user made before stays as it is).
  await grantPlan(ctx, 'alice-report@example.com', 'hobby');
  const make = async (name: string, category: string) => ((await (await send('POST', '/api/binders', { name, category }, alice)).json()) as { id: string }).id;
  binderId = await make('Main', 'personal');
  tradeId = await make('Trade', 'trade');
  emptyId = await make('Empty', 'personal');
  const add = (binder: string, cardsIn: { cardId: number; quantity: number }[]) => send('POST', `/api/binders/${binder}/cards`, { cards: cardsIn }, alice);
  expect((await add(binderId, [{ cardId: ids.A!, quantity: 2 }, { cardId: ids.B!, quantity: 1 }, { cardId: ids.C!, quantity: 3 }, { cardId: ids.D!, quantity: 1 }, { cardId: ids.F!, quantity: 1 }])).status).toBeLessThan(300);
  expect((await add(tradeId, [{ cardId: ids.E!, quantity: 1 }])).status).toBeLessThan(300);
  const deck = await send('POST', '/api/decks', { name: 'Report deck', format: 'extra', leaderCardId: await basePrint('OP01-001'), cards: [{ cardId: ids.A!, quantity: 4 }, { cardId: ids.E!, quantity: 4 }] }, alice);
  deckId = ((await deck.json()) as { id: string }).id;
  await grantPlan(ctx, 'alice-report@example.com', 'free');

  // us (USD) prices every card; CardTrader (EUR) A and B; MYP Cards (BRL) A and C; D is only on us.
  await setPrices('us', [
    [NUMBERS.A, '10.00', '12.00', 'USD'],
    [NUMBERS.B, '5.00', '6.00', 'USD'],
    [NUMBERS.C, '2.00', '2.50', 'USD'],
    [NUMBERS.D, '1.00', '1.00', 'USD'],
    [NUMBERS.E, '8.00', '9.00', 'USD'],
    [NUMBERS.F, '3.00', '3.00', 'USD'],
  ]);
  await setPrices('market5', [
    [NUMBERS.A, '6.00', '7.00', 'EUR'],
    [NUMBERS.B, '5.50', '5.50', 'EUR'],
    [NUMBERS.E, '3.00', '3.00', 'EUR'],
  ]);
  await setPrices('market4', [
    [NUMBERS.A, '30.00', '31.00', 'BRL'],
    [NUMBERS.C, '4.00', '4.00', 'BRL'],
    [NUMBERS.F, '20.00', '20.00', 'BRL'],
  ]);
}, 120_000);

afterAll(async () => {
  await ctx.database.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate report_runs, csv_exports`);
});

/** The example by hand: each print's us min in USD against the lowest of CardTrader and MYP Cards converted to USD. */
function expected(key: keyof typeof NUMBERS, figure: 'min' | 'avg' = 'min') {
  const us = { A: [1000, 1200], B: [500, 600], C: [200, 250], D: [100, 100], E: [800, 900], F: [300, 300] }[key][figure === 'min' ? 0 : 1]!;
  const eur = { A: [600, 700], B: [550, 550], E: [300, 300] }[key as 'A'];
  const brl = { A: [3000, 3100], C: [400, 400], F: [2000, 2000] }[key as 'A'];
  const others = [
    ...(eur ? [{ market: 'market5', price: convertCents(eur[figure === 'min' ? 0 : 1]!, 'EUR', 'USD', rates) }] : []),
    ...(brl ? [{ market: 'market4', price: convertCents(brl[figure === 'min' ? 0 : 1]!, 'BRL', 'USD', rates) }] : []),
  ].sort((a, b) => a.price - b.price);
  const lowest = others[0];
  if (!lowest) return null;
  return { referencePrice: us, lowestPrice: lowest.price, lowestMarket: lowest.market, difference: us - lowest.price, differencePct: Math.round(((us - lowest.price) * 10000) / us) / 100 };
}

describe('POST /api/reports/price-comparison: rules and messages (spec §5, §8)', () => {
  it('needs a selection, a reference and a compared market, each with its message', async () => {
    const noScope = await report({ ...base(), scope: undefined });
    expect(noScope.status).toBe(400);
    expect(noScope.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Selection required: choose a binder, your Personal binders or a deck' });
    const badScope = await report({ ...base(), scope: { binderId: '' } });
    expect(badScope.body.error.message).toMatch(/^Selection required/);
    const noReference = await report({ ...base(), reference: null });
    expect(noReference.status).toBe(400);
    expect(noReference.body.error.message).toBe('Missing reference: choose the marketplace to compare from');
    const noMarkets = await report({ ...base(), compareAgainst: [] });
    expect(noMarkets.body.error.message).toBe('No comparison markets: choose at least one marketplace other than the reference');
    // The reference alone is not something to compare against.
    const onlyReference = await report({ ...base(), compareAgainst: ['us'] });
    expect(onlyReference.body.error.message).toMatch(/^No comparison markets/);
    const range = await report({ ...base(), referenceMin: 5, referenceMax: 1 });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toContain('Minimum price must not be greater than maximum price');
    const unknownMarket = await report({ ...base(), compareAgainst: ['ebay'] });
    expect(unknownMarket.status).toBe(400);
    // Nothing was counted.
    expect((await reportUsage({ db: ctx.db, user: { id: aliceId }, plan: 'free' })).used).toBe(0);
  });

  it('answers 401 to a visitor, and 404 for a binder that is not the user’s or a private deck of another user', async () => {
    expect((await ctx.app.request('/api/reports/price-comparison', postJson(base()))).status).toBe(401);
    const foreign = await report(base(), bob);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('BINDER_NOT_FOUND');
    const foreignDeck = await report({ ...base(), scope: { deckId } }, bob);
    expect(foreignDeck.status).toBe(404);
    // A number is taken as an id (ours are text): not found, not a 500.
    expect((await report({ ...base(), scope: { binderId: 12 } })).status).toBe(404);
  });

  it('refuses an empty selection without counting it', async () => {
    const empty = await report({ ...base(), scope: { binderId: emptyId } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'REPORT_EMPTY_SCOPE', message: 'There are no cards in this selection' });
    expect((await reportUsage({ db: ctx.db, user: { id: aliceId }, plan: 'free' })).used).toBe(0);
  });
});

describe('comparison maths and currency', () => {
  it('compares the reference price with the lowest compared market, converted to the asked currency', async () => {
    const result = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params(base()), config });
    // D has no price outside us: left out (unpriced). A, B, C and F compare.
    expect(result.scopePrints).toBe(5);
    expect(result.unpriced).toBe(1);
    expect(result.total).toBe(4);
    expect(result.preview).toBe(false);
    const byKey = (key: 'A' | 'B' | 'C' | 'F') => result.rows.find((r) => r.cardId === ids[key]);
    for (const key of ['A', 'B', 'C', 'F'] as const) expect(byKey(key)).toMatchObject(expected(key)!);
    // Copies in the binder, the saving on all of them, and every market's price.
    expect(byKey('C')!.quantity).toBe(3);
    expect(byKey('C')!.totalSaving).toBe(expected('C')!.difference * 3);
    expect(byKey('A')!.totalSaving).toBe(expected('A')!.difference * 2);
    expect(byKey('A')!.prices).toEqual({ us: 1000, market5: convertCents(600, 'EUR', 'USD', rates), market4: convertCents(3000, 'BRL', 'USD', rates) });
    expect(byKey('B')!.prices.market4).toBeNull();
    // Sorted by difference %, largest first.
    const pcts = result.rows.map((r) => r.differencePct);
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
  });

  it('reads the asked price type and answers in the asked currency', async () => {
    const inBrl = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params({ ...base(), priceType: 'avg', currency: 'BRL' }), config });
    const a = inBrl.rows.find((r) => r.cardId === ids.A)!;
    expect(a.referencePrice).toBe(convertCents(1200, 'USD', 'BRL', rates));
    expect(a.prices.market4).toBe(3100);
    expect(a.lowestPrice).toBe(Math.min(3100, convertCents(700, 'EUR', 'BRL', rates)));
    expect(inBrl.currency).toBe('BRL');
  });

  it('takes br from the us estimate (× the import factor) when Liga has no price, and says so', async () => {
    const result = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params({ ...base(), reference: 'br', compareAgainst: ['us'], currency: 'BRL' }), config });
    const d = result.rows.find((r) => r.cardId === ids.D)!;
    expect(d.estimate).toBe(true);
    expect(d.referencePrice).toBe(Math.round(convertCents(100, 'USD', 'BRL', rates) * config.brImportFactor));
    expect(d.lowestMarket).toBe('us');
    expect(d.lowestPrice).toBe(convertCents(100, 'USD', 'BRL', rates));
    expect(d.differencePct).toBeCloseTo(((config.brImportFactor - 1) / config.brImportFactor) * 100, 1);
  });

  it('filters by minimum difference and reference range, sorts and pages', async () => {
    const run = (extra: Record<string, unknown>) => runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params({ ...base(), ...extra }), config });
    const all = [expected('A')!, expected('B')!, expected('C')!, expected('F')!];
    // The example has rows on both sides of the bound.
    expect(all.some((e) => e.differencePct >= 10) && all.some((e) => e.differencePct < 10)).toBe(true);
    const atLeast = 10;
    expect((await run({ minDifferencePct: atLeast })).total).toBe(all.filter((e) => e.differencePct >= atLeast).length);
    // Range in major units of the currency, both ends included: 2.00 ≤ reference ≤ 5.00 keeps B, C and F.
    const ranged = await run({ referenceMin: 2, referenceMax: 5 });
    expect(ranged.rows.map((r) => r.cardId).sort()).toEqual([ids.B, ids.C, ids.F].sort());
    const cheapFirst = await run({ sort: 'referencePrice', order: 'asc' });
    expect(cheapFirst.rows.map((r) => r.referencePrice)).toEqual([200, 300, 500, 1000]);
    const bySaving = await run({ sort: 'totalSaving', order: 'desc' });
    expect(bySaving.rows.map((r) => r.totalSaving)).toEqual(bySaving.rows.map((r) => r.totalSaving).sort((a, b) => b - a));
    const byCard = await run({ sort: 'card', order: 'asc' });
    expect(byCard.rows.map((r) => r.card.cardNumber)).toEqual([NUMBERS.A, NUMBERS.B, NUMBERS.C, NUMBERS.F].sort());
    const page2 = await run({ sort: 'referencePrice', order: 'asc', page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.rows.map((r) => r.referencePrice)).toEqual([1000]);
    expect((await run({ page: 9 })).rows).toEqual([]);
  });

  it('covers the Personal binders (not Trade ones) and a deck with its Leader', async () => {
    const portfolio = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params({ ...base(), scope: { portfolio: true } }), config });
    expect(portfolio.scopePrints).toBe(5);
    expect(portfolio.rows.some((r) => r.cardId === ids.E)).toBe(false);
    const deck = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'hobby', params: params({ ...base(), scope: { deckId } }), config });
    // A, E and the Leader (no prices): A and E compare, with the deck's copies.
    expect(deck.scopePrints).toBe(3);
    expect(deck.rows.map((r) => [r.cardId, r.quantity]).sort()).toEqual([[ids.A, 4], [ids.E, 4]].sort());
  });
});

describe('the Free plan: 1 report per UTC ISO week, a preview of 3 rows', () => {
  it('shows a preview without pagination and counts the run; the second of the week is 403 PLAN_LIMIT', async () => {
    const usage = (await (await get('/api/reports/price-comparison/usage', alice)).json()) as ReportUsage;
    expect(usage).toMatchObject({ limit: 1, used: 0, remaining: 1, previewRows: 3, exportLimit: 1, exportsRemaining: 1 });
    // Four rows match; the preview shows the first 3 (page 2 is not a way round it) and says there are 4.
    const first = await report({ ...base(), page: 2, pageSize: 50 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ preview: true, page: 1, pageSize: 3, remaining: 0, total: 4 });
    expect(first.body.rows).toHaveLength(3);
    expect(first.body.rows.map((r) => r.differencePct)).toEqual([expected('A')!, expected('B')!, expected('C')!, expected('F')!].map((e) => e.differencePct).sort((a, b) => b - a).slice(0, 3));
    expect(first.body.reportId).toEqual(expect.any(String));
    const second = await report(base());
    expect(second.status).toBe(403);
    expect(second.body.error).toMatchObject({ code: 'PLAN_LIMIT', message: 'Free plan allows 1 report per week. Upgrade to continue.', feature: 'comparisonReports', resetsAt: usage.resetsAt });
  });

  it('counts by UTC ISO week: Sunday 23:59 UTC and Monday 00:00 UTC are different weeks', async () => {
    const user = { id: aliceId };
    const run = (now: string) => runPriceComparison({ db: ctx.db, user, plan: 'free', now: new Date(now), params: params(base()), config });
    await expect(run('2026-11-29T23:59:00Z')).resolves.toMatchObject({ remaining: 0 });
    await expect(run('2026-11-29T23:59:59Z')).rejects.toMatchObject({ code: 'PLAN_LIMIT', status: 403 });
    // In São Paulo it is still Sunday evening; in UTC a new week has begun.
    await expect(run('2026-11-29T21:00:00-03:00')).resolves.toMatchObject({ remaining: 0 });
    expect(await reportUsage({ db: ctx.db, user, plan: 'free', now: new Date('2026-11-30T12:00:00Z') })).toMatchObject({ used: 1, remaining: 0, resetsAt: '2026-12-07T00:00:00.000Z' });
  });

  it('does not count a report that finds nothing', async () => {
    const none = await report({ ...base(), referenceMin: 9000 });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, rows: [], reportId: null, remaining: 1 });
    expect((await report(base())).status).toBe(200);
  });
});

describe("the week's report is kept (issue 46): GET /api/reports/price-comparison/latest", () => {
  const latest = async (cookie = alice) => {
    const res = await get('/api/reports/price-comparison/latest', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return (await res.json()) as PriceComparisonLatest;
  };

  it('answers the parameters and the preview rows of the Free week’s report, says no run is allowed and when the week resets', async () => {
    const before = await latest();
    expect(before).toMatchObject({ report: null, runAllowed: true, usage: { remaining: 1 } });
    const asked = { ...base(), priceType: 'avg', minDifferencePct: null, referenceMin: 1, referenceMax: null, sort: 'referencePrice', order: 'asc' };
    const ran = await report(asked);
    expect(ran.status).toBe(200);
    expect(ran.body.rows).toHaveLength(3);

    const week = await latest();
    expect(week.runAllowed).toBe(false);
    expect(week.resetsAt).toBe(ran.body.usage.resetsAt);
    expect(week.usage).toMatchObject({ used: 1, remaining: 0 });
    // The form as it was asked: the empty minimum difference stays null (not the default 0).
    expect(week.report!.params).toEqual({ scope: { binderId }, reference: 'us', compareAgainst: ['market4', 'market5'], priceType: 'avg', minDifferencePct: null, referenceMin: 1, referenceMax: null, currency: 'USD', sort: 'referencePrice', order: 'asc' });
    // The rows it answered, as they were (not a second report).
    expect(week.report!.result).toEqual(ran.body);
    expect(week.report!.ranAt).toEqual(expect.any(String));
    expect(await reportUsage({ db: ctx.db, user: { id: aliceId }, plan: 'free' })).toMatchObject({ used: 1 });

    // Another run is refused with its code and the moment it comes back; the kept report stays.
    const again = await report(base());
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ code: 'PLAN_LIMIT', resetsAt: week.resetsAt });
    expect((await latest()).report!.result.reportId).toBe(ran.body.reportId);
    // Another user's report is not theirs.
    expect((await latest(bob)).report).toBeNull();
    expect((await ctx.app.request('/api/reports/price-comparison/latest')).status).toBe(401);
  });

  it('is kept until the week resets (Monday 00:00 UTC), then a run is allowed again', async () => {
    const user = { id: aliceId };
    const ran = await runPriceComparison({ db: ctx.db, user, plan: 'free', now: new Date('2026-11-25T10:00:00Z'), params: params(base()), config });
    const at = (now: string) => latestPriceComparison({ db: ctx.db, user, plan: 'free', now: new Date(now) });
    const sunday = await at('2026-11-29T23:59:59Z');
    expect(sunday).toMatchObject({ runAllowed: false, resetsAt: '2026-11-30T00:00:00.000Z' });
    expect(sunday.report!.result.rows).toEqual(ran.rows);
    expect(sunday.report!.ranAt).toBe('2026-11-25T10:00:00.000Z');
    await expect(at('2026-11-30T00:00:00Z')).resolves.toMatchObject({ report: null, runAllowed: true, resetsAt: '2026-12-07T00:00:00.000Z' });
  });

  it('keeps the latest report only; a report that finds nothing does not replace it', async () => {
    const user = { id: aliceId };
    const run = (extra: Record<string, unknown>) => runPriceComparison({ db: ctx.db, user, plan: 'hobby', params: params({ ...base(), ...extra }), config });
    await run({ priceType: 'min' });
    const second = await run({ priceType: 'avg', page: 2, pageSize: 2 });
    await run({ referenceMin: 9000 });
    const kept = await latestPriceComparison({ db: ctx.db, user, plan: 'hobby' });
    expect(kept.runAllowed).toBe(true);
    expect(kept.report!.params.priceType).toBe('avg');
    expect(kept.report!.result).toMatchObject({ reportId: second.reportId, page: 2, pageSize: 2, preview: false, rows: second.rows, remaining: null });
    const withResult = await ctx.db.execute(sql`select count(*)::int as n from report_runs where result is not null`);
    expect((withResult as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('CSV export: one per UTC calendar month on Free', () => {
  it('downloads the report the plan shows and counts one export; the second of the month is 403', async () => {
    const ran = await report(base());
    const res = await send('POST', `/api/reports/price-comparison/${ran.body.reportId}/export`, {}, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('price-comparison.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('card_number,name,variant,set,quantity,reference_market,reference_price,lowest_market,lowest_price,difference,difference_pct,currency,difference_per_copy,total_saving');
    expect(lines).toHaveLength(1 + ran.body.rows.length);
    const a = expected('A')!;
    expect(lines.find((l) => l.startsWith(NUMBERS.A))).toContain(`,2,TCGplayer,10.00,${a.lowestMarket === 'market5' ? 'Cardmarket' : 'MYP Cards'},${(a.lowestPrice / 100).toFixed(2)},${(a.difference / 100).toFixed(2)},${a.differencePct.toFixed(2)},USD,${(a.difference / 100).toFixed(2)},${((a.difference * 2) / 100).toFixed(2)}`);
    const again = await send('POST', `/api/reports/price-comparison/${ran.body.reportId}/export`, {}, alice);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'PLAN_LIMIT', message: 'More than 1 CSV export a month requires a Hobby Plan subscription' });
  });

  it('counts by UTC calendar month, and keeps reports to their owner', async () => {
    const ran = await runPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'free', now: new Date('2026-12-31T10:00:00Z'), params: params(base()), config });
    const exportAt = (now: string) => exportPriceComparison({ db: ctx.db, user: { id: aliceId }, plan: 'free', now: new Date(now), id: ran.reportId!, config });
    await expect(exportAt('2026-12-31T23:00:00Z')).resolves.toMatchObject({ rows: ran.rows.length });
    await expect(exportAt('2026-12-31T23:59:59Z')).rejects.toMatchObject({ code: 'PLAN_LIMIT' });
    await expect(exportAt('2027-01-01T00:00:00Z')).resolves.toMatchObject({ rows: ran.rows.length });
    const foreign = await send('POST', `/api/reports/price-comparison/${ran.reportId}/export`, {}, bob);
    expect(foreign.status).toBe(404);
    const bad = await send('POST', '/api/reports/price-comparison/not-a-uuid/export', {}, alice);
    expect(bad.status).toBe(400);
  });
});
