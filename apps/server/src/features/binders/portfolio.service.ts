import type { PortfolioResponse } from '@grandline/core/contracts/binders';
import type { BinderValuesResponse, CollectionValue, CollectionValueQuery, PortfolioValueResponse, ValueHistoryQuery, ValueHistoryResponse, WishlistCostResponse } from '@grandline/core/contracts/prices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FREE_HISTORY_DAYS, planLimits, type PlanId } from '@grandline/core/plans';
import type { Db } from '../../db/client';
import { planLimitReached } from '../../lib/plan-gates';
import { preparedPerDb } from '../../db/prepared';
import { binderCards, binders } from '../../db/schema/index';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import type { PriceConfig } from '../../lib/price-config';
import { collectionValue } from '@grandline/core/prices/value';
import { valueHistory, valueOfRows } from '../prices/collection-value.service';
import { priceSummaries } from '../prices/prices.service';
import { isOwner } from '../../db/ownership';
import { binderAccess, type User, type Viewer } from './binder-access';
import { binderPriceKey, snapshotOf, statsOf, withCards } from './binder-snapshot';
import { LRUCache } from 'lru-cache';

/**
 * Copies owned per print over a user's Personal and Trade binders, as one row of two arrays (prepared): the embedded
 * database hands over thousands of rows slowly, and a 10,000-row collection is read on every buy list and meta answer.
 */
const ownedPrints = preparedPerDb((db) =>
  db
    .select({ cardIds: sql<number[] | null>`array_agg(owned.card_id)`, quantities: sql<number[] | null>`array_agg(owned.quantity)` })
    .from(
      db
        .select({ cardId: sql<number>`${binderCards.cardId}`.as('card_id'), quantity: sql<number>`sum(${binderCards.quantity})::int`.as('quantity') })
        .from(binderCards)
        .innerJoin(binders, eq(binders.id, binderCards.binderId))
        .where(and(eq(binders.userId, sql.placeholder('userId')), inArray(binders.category, ['personal', 'trade'])))
        .groupBy(binderCards.cardId)
        .as('owned'),
    )
    .prepare('owned_prints'),
);

/** Copies owned per print (card id) over the user's Personal and Trade binders: every binder but the wishlist. */
export async function ownedByPrint({ db, user }: { db: Db; user: User }): Promise<Map<number, number>> {
  const [row] = await ownedPrints(db).execute({ userId: user.id });
  const out = new Map<number, number>();
  const ids = row?.cardIds ?? [];
  for (let i = 0; i < ids.length; i++) out.set(Number(ids[i]), Number(row!.quantities![i]));
  return out;
}

/** Copies owned per card number over the user's Personal and Trade binders (the deck editor's collection check). */
export async function ownedCounts({ db, user }: { db: Db; user: User }) {
  const [index, byPrint] = await Promise.all([catalogueIndex(db), ownedByPrint({ db, user })]);
  const counts: Record<string, number> = {};
  for (const [cardId, quantity] of byPrint) {
    const card = index.byId.get(cardId);
    if (card) counts[card.cardNumber] = (counts[card.cardNumber] ?? 0) + quantity;
  }
  return { counts };
}

/**
 * Portfolios computed, per user, with the state of their Personal binders they were computed from (every change to a
 * binder or its cards moves its updated_at; a binder added, removed or recategorised changes the list): a repeated
 * call reads one short row instead of aggregating every card again (issue 20).
 */
const portfolios = new LRUCache<string, { key: string; value: PortfolioResponse }>({ max: 5_000 });
/** The library index a portfolio's cards came from: a print added or changed by hand makes a new index. */
const indexIds = new WeakMap<object, number>();
let nextIndexId = 0;
const indexIdOf = (index: object) => {
  let id = indexIds.get(index);
  if (id === undefined) indexIds.set(index, (id = ++nextIndexId));
  return id;
};

/** The user's Personal binders and when the last of them changed: the key of their cached portfolio (prepared). */
const personalState = preparedPerDb((db) =>
  db
    .select({ ids: sql<string[] | null>`array_agg(${binders.id}::text order by ${binders.id})`, latest: sql<string | null>`max(${binders.updatedAt})::text` })
    .from(binders)
    .where(and(eq(binders.userId, sql.placeholder('userId')), eq(binders.category, 'personal')))
    .prepare('personal_binders_state'),
);

/** Totals over the user's Personal binders only (spec §6: Trade binders do not count towards the portfolio). */
export async function portfolio({ db, user }: { db: Db; user: User }): Promise<PortfolioResponse> {
  const index = await catalogueIndex(db);
  const [state] = await personalState(db).execute({ userId: user.id });
  const personal = (state?.ids ?? []).map((id) => ({ id }));
  const key = `${indexIdOf(index)}|${personal.map((b) => b.id).join(',')}|${state?.latest ?? ''}`;
  const cached = portfolios.get(user.id);
  if (cached?.key === key) return cached.value;
  const value = await computePortfolio(db, index, personal);
  portfolios.set(user.id, { key, value });
  return value;
}

async function computePortfolio(db: Db, index: Awaited<ReturnType<typeof catalogueIndex>>, personal: { id: string }[]): Promise<PortfolioResponse> {
  const rows = personal.length
    ? await db
        .select({ cardId: binderCards.cardId, quantity: sql<number>`sum(${binderCards.quantity})::int` })
        .from(binderCards)
        .where(inArray(binderCards.binderId, personal.map((b) => b.id)))
        .groupBy(binderCards.cardId)
    : [];
  const owned = withCards(rows.map((r) => ({ cardId: r.cardId, quantity: Number(r.quantity) })), index);
  const topCards = [...owned].sort((a, b) => b.quantity - a.quantity || (index.rank.get(a.card.id) ?? 0) - (index.rank.get(b.card.id) ?? 0)).slice(0, 10);
  return { binders: personal.length, stats: statsOf(owned, index), topCards };
}

/**
 * The held rows of binders (card, copies, what was paid) as one row of arrays: the embedded database hands over
 * 10,000 rows far more slowly than four arrays of 10,000.
 */
async function heldRows(db: Db, binderIds: string[]) {
  if (!binderIds.length) return [];
  const [row] = await db
    .select({
      binderIds: sql<string[] | null>`array_agg(${binderCards.binderId}::text)`,
      cardIds: sql<number[] | null>`array_agg(${binderCards.cardId})`,
      quantities: sql<number[] | null>`array_agg(${binderCards.quantity})`,
      paid: sql<(string | number | null)[] | null>`array_agg(${binderCards.purchasePriceMinor})`,
      currencies: sql<(string | null)[] | null>`array_agg(${binderCards.purchaseCurrency})`,
    })
    .from(binderCards)
    .where(inArray(binderCards.binderId, binderIds));
  const cardIds = row?.cardIds ?? [];
  return cardIds.map((cardId, i) => {
    const paid = row!.paid?.[i];
    return {
      binderId: row!.binderIds![i]!,
      cardId,
      quantity: row!.quantities![i]!,
      // bigint arrays arrive as text.
      purchasePriceMinor: paid === null || paid === undefined ? null : Number(paid),
      purchaseCurrency: row!.currencies?.[i] ?? null,
    };
  });
}

/** The market value of one binder (anyone who may read it), with cost basis, gain, most valuable cards and movers. */
export async function binderValue({ db, viewer, id, query, config }: { db: Db; viewer: Viewer; id: string; query: CollectionValueQuery; config: PriceConfig }): Promise<CollectionValue> {
  const record = await binderAccess.readable(db, viewer, id);
  const owner = isOwner(viewer, record);
  // Kept per process until the binder is written, new prices land or the day changes (binderPriceKey).
  const key = `${binderPriceKey(record)}\u0000${owner}\u0000${query.market}\u0000${query.priceType}\u0000${query.currency}\u0000${config.demo}\u0000${config.brImportFactor}`;
  const hit = binderValues.get(key);
  if (hit) return hit;
  // The binder's rows as the detail page read them (kept per process until the binder is written): no second read.
  const snapshot = await snapshotOf(db, record, await catalogueIndex(db));
  // What was paid is the owner's: a visitor of a public binder gets its value without cost basis or gain.
  const rows = snapshot.entries.map(({ r }) => ({
    cardId: r.cardId,
    quantity: r.quantity,
    purchasePriceMinor: owner ? r.purchasePriceMinor : null,
    purchaseCurrency: owner ? r.purchaseCurrency : null,
  }));
  const value = await valueOfRows({ db, rows, query, config });
  binderValues.set(key, value);
  return value;
}

const binderValues = new LRUCache<string, CollectionValue>({ max: 1_000 });

/** The value of the user's Personal binders (spec §6: Trade binders do not count), in total and per binder. */
export async function portfolioValue({ db, user, query, config }: { db: Db; user: User; query: CollectionValueQuery; config: PriceConfig }): Promise<PortfolioValueResponse> {
  const personal = await db.select({ id: binders.id, name: binders.name }).from(binders).where(and(eq(binders.userId, user.id), eq(binders.category, 'personal')));
  const rows = await heldRows(db, personal.map((b) => b.id));
  const total = await valueOfRows({ db, rows, query, config });
  const prices = await priceSummaries({ db, cardIds: [...new Set(rows.map((r) => r.cardId))], market: query.market, currency: query.currency, config });
  const byBinder = new Map<string, { cardId: number; quantity: number; paidCents: null }[]>();
  for (const r of rows) {
    const list = byBinder.get(r.binderId) ?? [];
    list.push({ cardId: r.cardId, quantity: r.quantity, paidCents: null });
    byBinder.set(r.binderId, list);
  }
  const perBinder = personal.map((b) => {
    const value = collectionValue(byBinder.get(b.id) ?? [], prices, query.priceType);
    return { id: b.id, name: b.name, total: value.total, pricedCopies: value.pricedCopies, unpricedCopies: value.unpricedCopies };
  });
  return { ...total, binders: perBinder.sort((a, b) => b.total - a.total) };
}

/** Each of the user's Personal and Trade binders valued at one market (the collection page shows it beside each). */
export async function valuesOfBinders({ db, user, query, config }: { db: Db; user: User; query: CollectionValueQuery; config: PriceConfig }): Promise<BinderValuesResponse> {
  const owned = await db.select({ id: binders.id }).from(binders).where(and(eq(binders.userId, user.id), inArray(binders.category, ['personal', 'trade'])));
  const rows = await heldRows(db, owned.map((b) => b.id));
  const prices = await priceSummaries({ db, cardIds: [...new Set(rows.map((r) => r.cardId))], market: query.market, currency: query.currency, config });
  const byBinder = new Map<string, typeof rows>();
  for (const r of rows) byBinder.set(r.binderId, [...(byBinder.get(r.binderId) ?? []), r]);
  const items = owned.map((b) => {
    const value = collectionValue((byBinder.get(b.id) ?? []).map((r) => ({ cardId: r.cardId, quantity: r.quantity, paidCents: null })), prices, query.priceType);
    return { id: b.id, total: value.total, pricedCopies: value.pricedCopies, unpricedCopies: value.unpricedCopies, demo: value.demo, estimate: value.estimate };
  });
  return { market: query.market, priceType: query.priceType, currency: query.currency, items };
}

/** What the wished copies not owned yet cost (the wishlist page's figure): see WishlistCostResponse. */
export async function wishlistCost({ db, user, query, config }: { db: Db; user: User; query: CollectionValueQuery; config: PriceConfig }): Promise<WishlistCostResponse> {
  const mine = await db.select({ id: binders.id, category: binders.category }).from(binders).where(eq(binders.userId, user.id));
  const wished = await heldRows(db, mine.filter((b) => b.category === 'wishlist').map((b) => b.id));
  const held = await heldRows(db, mine.filter((b) => b.category === 'personal' || b.category === 'trade').map((b) => b.id));
  const owned = new Map<number, number>();
  for (const r of held) owned.set(r.cardId, (owned.get(r.cardId) ?? 0) + r.quantity);
  const wanted = new Map<number, number>();
  for (const r of wished) wanted.set(r.cardId, (wanted.get(r.cardId) ?? 0) + r.quantity);
  const missing = [...wanted].map(([cardId, quantity]) => ({ cardId, quantity: Math.max(0, quantity - (owned.get(cardId) ?? 0)), paidCents: null })).filter((r) => r.quantity > 0);
  const prices = await priceSummaries({ db, cardIds: missing.map((r) => r.cardId), market: query.market, currency: query.currency, config });
  const value = collectionValue(missing, prices, query.priceType);
  return {
    market: query.market,
    priceType: query.priceType,
    currency: query.currency,
    total: value.total,
    missingCopies: missing.reduce((n, r) => n + r.quantity, 0),
    pricedCopies: value.pricedCopies,
    unpricedCopies: value.unpricedCopies,
    demo: value.demo,
    estimate: value.estimate,
  };
}

/** Free sees the last FREE_HISTORY_DAYS; the 90- and 365-day views are advanced statistics (Hobby). */
function checkHistoryRange(plan: PlanId, days: number) {
  if (days > FREE_HISTORY_DAYS && !planLimits(plan).advancedStatistics) throw planLimitReached('advancedStatistics', { limit: FREE_HISTORY_DAYS });
}

/** The Personal binders' value over the last 30, 90 or 365 days (today's holdings at each day's prices). */
export async function portfolioValueHistory({ db, user, plan, query, config }: { db: Db; user: User; plan: PlanId; query: ValueHistoryQuery; config: PriceConfig }): Promise<ValueHistoryResponse> {
  checkHistoryRange(plan, Number(query.days));
  const personal = await db.select({ id: binders.id }).from(binders).where(and(eq(binders.userId, user.id), eq(binders.category, 'personal')));
  const rows = await heldRows(db, personal.map((b) => b.id));
  return valueHistory({ db, rows, query, days: Number(query.days), config });
}

/** One binder's value over the last 30, 90 or 365 days. */
export async function binderValueHistory({ db, viewer, plan, id, query, config }: { db: Db; viewer: Viewer; plan: PlanId; id: string; query: ValueHistoryQuery; config: PriceConfig }): Promise<ValueHistoryResponse> {
  await binderAccess.readable(db, viewer, id);
  checkHistoryRange(plan, Number(query.days));
  const rows = await heldRows(db, [id]);
  return valueHistory({ db, rows, query, days: Number(query.days), config });
}
