import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { PriceComparisonRequest, type PriceComparisonLatest, type PriceComparisonParams, type PriceComparisonResponse, type PriceComparisonRow, type ReportScope, type ReportUsage } from '@grandline/core/contracts/reports';
import { ESTIMATED_MARKET, MARKETPLACE_IDS, type MarketplaceId } from '@grandline/core/marketplaces';
import { isoWeekStart, monthStart, nextIsoWeekStart, planLimits, type PlanId } from '@grandline/core/plans';
import { MARKET_CODES } from '@grandline/core/prices/codes';
import { comparisonToCsv } from '@grandline/core/prices/comparison-csv';
import type { Db, DbTx } from '../../db/client';
import { csvExports, reportRuns } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { countCsvExport, lockUserRow, planLimitReached } from '../../lib/plan-gates';
import type { PriceConfig } from '../../lib/price-config';
import { binderAccess } from '../binders/binder-access';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { deckAccess } from '../decks/decks.service';
import { ratesBook } from '../prices/rates.service';

/*
 * The price comparison report (issue 15, spec §2/§5/§8). For every print of the scope, the reference market's price
 * beside the lowest price among the compared markets, all in the asked currency at the latest rates — one SQL
 * statement over the scope's prints (prices, filters, the count, the sort and the page), as the watch evaluation
 * does. br falls back to the estimate from us (× the import factor) when Liga has no price, as every price of the
 * app does.
 *
 * Plan: a report that finds rows counts as one run of the UTC ISO week (report_runs, counted under a lock on the
 * user's row so two tabs cannot both take the last one); past the plan's weekly limit → 403 PLAN_LIMIT. A report that
 * finds nothing is not counted. On a plan with a preview the answer holds the first rows only, without pagination.
 * The user's latest run that found rows keeps its answer (report_runs.result; the run before lets its answer go), so
 * the week's report reopens as it was — on Free the one report of the week — until the week resets (issue 46).
 * The CSV export of a run re-reads its parameters (today's prices), shows what the plan shows, and counts one CSV
 * export of the UTC calendar month.
 */

const KIND = 'price_comparison';

/** At most this many rows go into one CSV export (a scope holds at most one row per print of the catalogue). */
const MAX_EXPORT_ROWS = 50_000;

interface Who {
  db: Db;
  user: { id: string };
  /** The plan to answer for: the user's (lib/auth-gate.ts sessionPlan). */
  plan: PlanId;
  /** The time the counters count at; now by default (tests move it across a week or a month). */
  now?: Date;
}

const limitReached = (limit: number, now: Date) => planLimitReached('comparisonReports', { limit, resetsAt: nextIsoWeekStart(now).toISOString() });
const reportNotFound = () => new AppError('REPORT_NOT_FOUND', 404, "This report doesn't exist");

async function countSince(run: Db | DbTx, table: typeof reportRuns | typeof csvExports, userId: string, since: Date): Promise<number> {
  const where = table === reportRuns ? and(eq(reportRuns.userId, userId), eq(reportRuns.kind, KIND), gte(reportRuns.createdAt, since)) : and(eq(csvExports.userId, userId), gte(csvExports.createdAt, since));
  const [row] = await run.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** What the user's plan allows and what is left this week (reports) and this month (CSV exports). */
export async function reportUsage({ db, user, plan, now = new Date(), run = db }: Who & { run?: Db | DbTx }): Promise<ReportUsage> {
  const limits = planLimits(plan);
  const [used, exportsUsed] = await Promise.all([countSince(run, reportRuns, user.id, isoWeekStart(now)), countSince(run, csvExports, user.id, monthStart(now))]);
  const left = (limit: number | null, n: number) => (limit === null ? null : Math.max(0, limit - n));
  return {
    limit: limits.comparisonReportsPerWeek,
    used,
    remaining: left(limits.comparisonReportsPerWeek, used),
    resetsAt: nextIsoWeekStart(now).toISOString(),
    previewRows: limits.comparisonPreviewRows,
    exportLimit: limits.csvExportsPerMonth,
    exportsUsed,
    exportsRemaining: left(limits.csvExportsPerMonth, exportsUsed),
  };
}

/** The prints of the scope with their copies, as SQL (card_id, quantity); a binder or deck the user may not read is its 404. */
async function scopeSql(db: Db, user: { id: string }, scope: ReportScope): Promise<SQL> {
  if ('binderId' in scope) {
    // A report is about the user's own collection: another user's binder, even a public one, is not found.
    const binder = await binderAccess.changeable(db, user, scope.binderId);
    return sql`select card_id, sum(quantity)::int as quantity from binder_cards where binder_id = ${binder.id} group by card_id`;
  }
  if ('deckId' in scope) {
    const deck = await deckAccess.readable(db, user, scope.deckId);
    return sql`select card_id, sum(quantity)::int as quantity from (
        select card_id, quantity from deck_cards where deck_id = ${deck.id}
        union all select leader_card_id, 1 from decks where id = ${deck.id} and leader_card_id is not null
      ) lines group by card_id`;
  }
  return sql`select bc.card_id, sum(bc.quantity)::int as quantity
    from binder_cards bc join binders b on b.id = bc.binder_id
    where b.user_id = ${user.id} and b.category = 'personal'
    group by bc.card_id`;
}

const ORDER_COLUMNS: Record<PriceComparisonParams['sort'], string> = {
  differencePct: 'difference_pct',
  difference: 'difference',
  referencePrice: 'reference_price',
  lowestPrice: 'lowest_price',
  card: 'card_number',
  totalSaving: 'total_saving',
};

interface ComputedRow {
  card_id: number;
  reference_price: number;
  lowest_price: number;
  lowest_market: MarketplaceId;
  difference: number;
  difference_pct: number;
  quantity: number;
  total_saving: number;
  estimate: boolean;
  demo: boolean;
  prices: Record<string, number | null>;
}

interface Computed {
  total: number;
  scopePrints: number;
  unpriced: number;
  rows: ComputedRow[];
}

/** The compared markets: the asked ones without the reference, each once, in the marketplaces' order. */
const comparedMarkets = (params: Pick<PriceComparisonParams, 'reference' | 'compareAgainst'>) =>
  MARKETPLACE_IDS.filter((m) => m !== params.reference && params.compareAgainst.includes(m));

/** The one statement: prices of the scope's prints on the markets in play, filtered, counted, sorted, one page. */
async function compute({
  run,
  scope,
  params,
  rates,
  config,
  limit,
  offset,
}: {
  run: Db | DbTx;
  scope: SQL;
  params: PriceComparisonParams;
  rates: Record<string, number>;
  config: PriceConfig;
  limit: number;
  offset: number;
}): Promise<Computed> {
  const compared = comparedMarkets(params);
  const markets = [params.reference, ...compared];
  const target = rates[params.currency];
  if (!target) throw new Error(`No rate for ${params.currency}`);
  const rateRows = sql.join(
    Object.entries(rates).map(([currency, perUsd]) => sql`(${currency}::text, ${perUsd}::float8)`),
    sql`, `,
  );
  const marketRows = sql.join(
    markets.map((m, i) => sql`(${m}::text, ${MARKET_CODES[m]}::smallint, ${i}::int)`),
    sql`, `,
  );
  const figure = sql.raw(`"${params.priceType}"`);
  const filters: SQL[] = [sql`r.price > 0`];
  if (params.referenceMin !== null) filters.push(sql`r.price >= ${Math.round(params.referenceMin * 100)}`);
  if (params.referenceMax !== null) filters.push(sql`r.price <= ${Math.round(params.referenceMax * 100)}`);
  const pct = sql`round((r.price - l.price) * 100.0 / r.price, 2)`;
  if (params.minDifferencePct !== null) filters.push(sql`${pct} >= ${params.minDifferencePct}`);
  const direction = sql.raw(params.order === 'asc' ? 'asc' : 'desc');
  const column = sql.raw(ORDER_COLUMNS[params.sort]);
  // Ties (and the card sort) by card number, then print, so pages never overlap.
  const order = params.sort === 'card' ? sql`card_number ${direction}, card_id ${direction}` : sql`${column} ${direction}, card_number asc, card_id asc`;

  const result = await run.execute(sql`
    with rate(currency, per_usd) as (values ${rateRows}),
    market(id, code, ord) as (values ${marketRows}),
    scope as (${scope}),
    priced as (
      select s.card_id, m.id as market, m.ord,
        round(own.${figure} * ${target}::float8 / orate.per_usd)::integer as own_price,
        case when m.id = ${ESTIMATED_MARKET.id} then round(est.${figure} * ${target}::float8 / erate.per_usd * ${config.brImportFactor}::float8)::integer end as est_price,
        coalesce(own.demo, false) as own_demo, coalesce(est.demo, false) as est_demo
      from scope s
      cross join market m
      left join card_price_latest own on own.card_id = s.card_id and own.market = m.code
      left join rate orate on orate.currency = own.currency
      left join card_price_latest est on m.id = ${ESTIMATED_MARKET.id} and est.card_id = s.card_id and est.market = ${MARKET_CODES[ESTIMATED_MARKET.estimateFrom]}
      left join rate erate on erate.currency = est.currency
    ),
    price as (
      select card_id, market, ord, coalesce(own_price, est_price) as price,
        own_price is null and est_price is not null as estimate,
        case when own_price is not null then own_demo else est_demo end as demo
      from priced
    ),
    ref as (select card_id, price, estimate, demo from price where market = ${params.reference} and price is not null),
    low as (
      select distinct on (card_id) card_id, market, price, estimate, demo
      from price where market <> ${params.reference} and price is not null
      order by card_id, price, ord
    ),
    compared as (
      select r.card_id, c.card_number, s.quantity, r.price as reference_price, l.price as lowest_price, l.market as lowest_market,
        r.price - l.price as difference, ${pct}::float8 as difference_pct, (r.price - l.price)::bigint * s.quantity as total_saving,
        r.estimate or l.estimate as estimate, r.demo or l.demo as demo
      from ref r
      join low l on l.card_id = r.card_id
      join scope s on s.card_id = r.card_id
      join cards c on c.id = r.card_id
      where ${sql.join(filters, sql` and `)}
    ),
    page as (select * from compared order by ${order} limit ${limit} offset ${offset})
    select
      (select count(*) from compared)::int as total,
      (select count(*) from scope)::int as scope_prints,
      (select count(*) from scope s where not exists (select 1 from ref r join low l on l.card_id = r.card_id where r.card_id = s.card_id))::int as unpriced,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'card_id', p.card_id, 'reference_price', p.reference_price, 'lowest_price', p.lowest_price, 'lowest_market', p.lowest_market,
          'difference', p.difference, 'difference_pct', p.difference_pct, 'quantity', p.quantity, 'total_saving', p.total_saving, 'estimate', p.estimate, 'demo', p.demo,
          'prices', (select jsonb_object_agg(x.market, x.price) from price x where x.card_id = p.card_id)
        ) order by ${order})
        from page p
      ), '[]'::jsonb) as rows
  `);
  const [row] = (result as unknown as { rows: { total: number; scope_prints: number; unpriced: number; rows: ComputedRow[] | string }[] }).rows;
  if (!row) return { total: 0, scopePrints: 0, unpriced: 0, rows: [] };
  return {
    total: Number(row.total),
    scopePrints: Number(row.scope_prints),
    unpriced: Number(row.unpriced),
    rows: typeof row.rows === 'string' ? (JSON.parse(row.rows) as ComputedRow[]) : row.rows,
  };
}

async function toRows(db: Db, computed: ComputedRow[]): Promise<PriceComparisonRow[]> {
  const index = await catalogueIndex(db);
  return computed.flatMap((r) => {
    const card = index.byId.get(r.card_id);
    if (!card) return [];
    return [
      {
        cardId: r.card_id,
        referencePrice: r.reference_price,
        lowestPrice: r.lowest_price,
        lowestMarket: r.lowest_market,
        difference: r.difference,
        differencePct: r.difference_pct,
        card,
        quantity: r.quantity,
        totalSaving: Number(r.total_saving),
        prices: r.prices,
        estimate: r.estimate,
        demo: r.demo,
      },
    ];
  });
}

/**
 * What a run reads before its transaction — the scope (its access check), the latest rates, the library index warmed —
 * since on the embedded database a query on `db` inside an open transaction waits forever.
 */
async function prepare(db: Db, user: { id: string }, params: PriceComparisonParams) {
  const [scope, book] = await Promise.all([scopeSql(db, user, params.scope), ratesBook(db), catalogueIndex(db)]);
  return { scope, rates: book.latest().rates };
}


/** What a run keeps of its answer (report_runs.result, the user's latest run only): its rows as computed, counts and page. */
interface KeptResult {
  rows: ComputedRow[];
  total: number;
  scopePrints: number;
  unpriced: number;
  preview: boolean;
  page: number;
  pageSize: number;
}

/** The answer of a run, from what it computed (or kept), with the usage as it is now. */
async function answerOf(db: Db, reportId: string | null, params: PriceComparisonParams, kept: KeptResult, usage: ReportUsage): Promise<PriceComparisonResponse> {
  return {
    reportId,
    rows: await toRows(db, kept.rows),
    total: kept.total,
    remaining: usage.remaining,
    preview: kept.preview,
    page: kept.page,
    pageSize: kept.pageSize,
    currency: params.currency,
    priceType: params.priceType,
    reference: params.reference,
    compareAgainst: comparedMarkets(params),
    scopePrints: kept.scopePrints,
    unpriced: kept.unpriced,
    usage,
  };
}

/**
 * Runs a report (POST /api/reports/price-comparison): checks the scope and the weekly limit, computes, counts the run
 * and keeps its answer as the user's latest report (the one before it lets its answer go, in the same transaction).
 */
export async function runPriceComparison({ db, user, plan, now = new Date(), params, config }: Who & { params: PriceComparisonParams; config: PriceConfig }): Promise<PriceComparisonResponse> {
  const limits = planLimits(plan);
  const preview = limits.comparisonPreviewRows;
  const { scope, rates } = await prepare(db, user, params);
  const page = preview === null ? params.page : 1;
  const pageSize = preview ?? params.pageSize;
  const id = randomUUID();
  const kept = await db.transaction(async (tx): Promise<KeptResult> => {
    await lockUserRow(tx, user.id);
    const weekly = limits.comparisonReportsPerWeek;
    if (weekly !== null && (await countSince(tx, reportRuns, user.id, isoWeekStart(now))) >= weekly) throw limitReached(weekly, now);
    const result = await compute({ run: tx, scope, params, rates, config, limit: pageSize, offset: (page - 1) * pageSize });
    if (!result.scopePrints) throw new AppError('REPORT_EMPTY_SCOPE', 400, 'There are no cards in this selection');
    const answer = { ...result, preview: preview !== null, page, pageSize };
    if (result.total > 0) {
      await tx.update(reportRuns).set({ result: null }).where(and(eq(reportRuns.userId, user.id), eq(reportRuns.kind, KIND), isNotNull(reportRuns.result)));
      await tx.insert(reportRuns).values({ id, userId: user.id, kind: KIND, params: storedParams(params), result: answer as unknown as Record<string, unknown>, createdAt: now });
    }
    return answer;
  });
  return answerOf(db, kept.total > 0 ? id : null, params, kept, await reportUsage({ db, user, plan, now }));
}

/**
 * The week's report (GET /api/reports/price-comparison/latest): the latest run of this UTC ISO week that found rows,
 * with the parameters and the rows it answered (not run again), and whether another run is allowed now.
 */
export async function latestPriceComparison({ db, user, plan, now = new Date() }: Who): Promise<PriceComparisonLatest> {
  const usage = await reportUsage({ db, user, plan, now });
  const [stored] = await db
    .select()
    .from(reportRuns)
    .where(and(eq(reportRuns.userId, user.id), eq(reportRuns.kind, KIND), isNotNull(reportRuns.result), gte(reportRuns.createdAt, isoWeekStart(now)), lt(reportRuns.createdAt, nextIsoWeekStart(now))))
    .orderBy(desc(reportRuns.createdAt))
    .limit(1);
  const parsed = stored && PriceComparisonRequest.safeParse(stored.params);
  const kept = stored?.result as KeptResult | null | undefined;
  let report: PriceComparisonLatest['report'] = null;
  if (stored && parsed?.success && parsed.data.scope && parsed.data.reference && kept && Array.isArray(kept.rows)) {
    const params = parsed.data as PriceComparisonParams;
    const { page: _page, pageSize: _size, ...asked } = params;
    report = { ranAt: stored.createdAt.toISOString(), params: { ...asked, compareAgainst: comparedMarkets(params) }, result: await answerOf(db, stored.id, params, kept, usage) };
  }
  return { report, runAllowed: usage.remaining === null || usage.remaining > 0, resetsAt: usage.resetsAt, usage };
}

/** What a run keeps of its request: everything but the page. */
const storedParams = ({ page: _page, pageSize: _size, ...rest }: PriceComparisonParams) => rest as unknown as Record<string, unknown>;

/**
 * The CSV of a run the user made (POST /api/reports/price-comparison/{id}/export): its parameters on today's prices,
 * the rows the plan shows (a preview plan: the preview), counted as one CSV export of the month.
 */
export async function exportPriceComparison({ db, user, plan, now = new Date(), id, config }: Who & { id: string; config: PriceConfig }): Promise<{ csv: string; rows: number }> {
  const [stored] = await db.select().from(reportRuns).where(and(eq(reportRuns.id, id), eq(reportRuns.userId, user.id), eq(reportRuns.kind, KIND)));
  if (!stored) throw reportNotFound();
  const parsed = PriceComparisonRequest.safeParse(stored.params);
  if (!parsed.success || !parsed.data.scope || !parsed.data.reference) throw reportNotFound();
  const params = parsed.data as PriceComparisonParams;
  const limits = planLimits(plan);
  const { scope, rates } = await prepare(db, user, params);
  const computed = await db.transaction(async (tx) => {
    await countCsvExport(tx, { userId: user.id, plan, now, kind: KIND, subjectId: id });
    const result = await compute({ run: tx, scope, params, rates, config, limit: limits.comparisonPreviewRows ?? MAX_EXPORT_ROWS, offset: 0 });
    if (!result.rows.length) throw new AppError('NO_CARDS_TO_EXPORT', 400, 'No cards to export');
    return result;
  });
  const rows = await toRows(db, computed.rows);
  return { csv: comparisonToCsv(rows, { reference: params.reference, currency: params.currency }), rows: rows.length };
}
