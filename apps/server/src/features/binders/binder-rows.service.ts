import type { AddBinderCardsRequest, BinderCardRow, BinderCardsResponse, BulkUpdateBinderCardsRequest, UpdateBinderCardRequest } from '@grandline/core/contracts/binders';
import type { BinderCardsFilter } from '@grandline/core/contracts/binders';
import type { Card } from '@grandline/core/contracts/cards';
import { messageText } from '@grandline/core/contracts/messages';
import { toMajor } from '@grandline/core/money/money';
import type { PlanId } from '@grandline/core/plans';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isOwner } from '../../db/ownership';
import { binderCards } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { binderAccess, binderCopies, checkBinderSize, copiesAllowed, lockBinder, touch, type StoredRow, type Tx, type User, type Viewer } from './binder-access';
import { allColumns, changedRow, changeOf, KEY_COLUMNS, keyOf, mergeInto, rowFromInput, setList, storedRowOf, upsertStatement, type NewRow } from './binder-row-columns';
import { snapshotOf, type Entry } from './binder-snapshot';

/** The rows of a binder: one page of them, and adding, changing and removing them (each write one transaction). */

/** A row as the API shows it. What the owner paid is private: other viewers of a public binder get null. */
const toRow = (r: StoredRow, card: Card, isOwner: boolean): BinderCardRow => ({
  id: r.id,
  card,
  quantity: r.quantity,
  condition: r.condition || null,
  language: r.language || null,
  purchasePrice: isOwner && r.purchasePriceMinor !== null ? toMajor(r.purchasePriceMinor, r.purchaseCurrency) : null,
  purchasePriceMinor: isOwner ? r.purchasePriceMinor : null,
  purchaseCurrency: isOwner ? r.purchaseCurrency : null,
  addedAt: r.addedAt.toISOString(),
  anyPrint: r.anyPrint === true,
});

const RARITY_ORDER = ['C', 'UC', 'R', 'SR', 'SEC', 'L', 'SP CARD', 'P', 'TR'];
const byName = new Intl.Collator('en', { sensitivity: 'base' });
/** Orders of a binder's rows; ties fall back to the library order (card number, base print first). */
const SORTS: Record<string, (a: Entry, b: Entry) => number> = {
  number: (a, b) => a.rank - b.rank,
  name: (a, b) => byName.compare(a.card.name, b.card.name) || a.rank - b.rank,
  added: (a, b) => a.r.addedAt.getTime() - b.r.addedAt.getTime() || a.r.id - b.r.id,
  quantity: (a, b) => a.r.quantity - b.r.quantity || a.rank - b.rank,
  rarity: (a, b) => RARITY_ORDER.indexOf(a.card.rarity) - RARITY_ORDER.indexOf(b.card.rarity) || a.rank - b.rank,
  cost: (a, b) => (a.card.cost ?? -1) - (b.card.cost ?? -1) || a.rank - b.rank,
};

/** One page of a binder's rows, searched, filtered and sorted in memory over the library index. */
export async function listBinderCards({ db, viewer, id, query }: { db: Db; viewer: Viewer; id: string; query: BinderCardsFilter }): Promise<BinderCardsResponse> {
  const index = await catalogueIndex(db);
  const record = await binderAccess.readable(db, viewer, id);
  const snapshot = await snapshotOf(db, record, index);
  const sortKey = `${query.sort}:${query.order}`;
  let sorted = snapshot.sorted.get(sortKey);
  if (!sorted) {
    const compare = SORTS[query.sort]!;
    const direction = query.order === 'desc' ? -1 : 1;
    sorted = [...snapshot.entries].sort((a, b) => direction * compare(a, b));
    snapshot.sorted.set(sortKey, sorted);
  }
  const q = query.q?.toLowerCase();
  const set = query.set?.toLowerCase();
  const filtered = q || set || query.color || query.type || query.rarity;
  const rows = !filtered
    ? sorted
    : sorted.filter(({ card }) => {
        if (q && !card.name.toLowerCase().includes(q) && !card.cardNumber.toLowerCase().includes(q)) return false;
        if (set && card.set?.slug !== set && card.set?.code?.toLowerCase() !== set) return false;
        if (query.color && !card.colors.includes(query.color)) return false;
        if (query.type && card.cardType !== query.type) return false;
        if (query.rarity && card.rarity !== query.rarity) return false;
        return true;
      });
  const start = (query.page - 1) * query.pageSize;
  return {
    items: rows.slice(start, start + query.pageSize).map(({ r, card }) => toRow(r, card, isOwner(viewer, record))),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function checkCardIds(index: CatalogueIndex, ids: number[]) {
  const issues = ids.flatMap((id, i) => (index.byId.has(id) ? [] : [{ path: `cards.${i}.cardId`, message: messageText('validation.deckUnknownCard') }]));
  if (issues.length) throw new AppError('INVALID_CARD', 400, issues[0]!.message, issues);
}

/** Rows of one print, condition and language become one (an upsert cannot touch a row twice). */
export function mergeDuplicates(rows: NewRow[]): NewRow[] {
  const byKey = new Map<string, NewRow>();
  for (const r of rows) {
    const key = keyOf(r);
    const seen = byKey.get(key);
    // Copies summed; the price with its currency: the first row's, or else the later one's.
    if (seen) Object.assign(seen, mergeInto(seen, r));
    else byKey.set(key, { ...r });
  }
  return [...byKey.values()];
}

/** Adds rows to a binder inside a transaction, in one statement (see upsertStatement); copies of a print already there are added to its row. */
export async function upsertRows(tx: Tx, binderId: string, rows: NewRow[]) {
  if (!rows.length) return;
  await tx.execute(upsertStatement(binderId, rows));
}

export async function addBinderCards({ db, user, plan, id, data }: { db: Db; user: User; plan: PlanId; id: string; data: AddBinderCardsRequest }) {
  const index = await catalogueIndex(db);
  await binderAccess.changeable(db, user, id);
  checkCardIds(index, data.cards.map((c) => c.cardId));
  const rows = mergeDuplicates(data.cards.map(rowFromInput));
  await db.transaction(async (tx) => {
    await lockBinder(tx, id);
    await upsertRows(tx, id, rows);
    await checkBinderSize(tx, id, plan);
    await touch(tx, id);
  });
  return { added: rows.reduce((n, r) => n + r.quantity, 0) };
}

/**
 * Applies a change to one row inside a transaction; when its new condition and language match another row of the
 * same print, the two merge (copies summed). Answers the row as stored, or null when the row is gone.
 */
async function changeRow(tx: Tx, binderId: string, rowId: number, data: UpdateBinderCardRequest): Promise<StoredRow | null> {
  const [row] = await tx.select().from(binderCards).where(and(eq(binderCards.id, rowId), eq(binderCards.binderId, binderId)));
  if (!row) return null;
  const next = changedRow(row, changeOf(data, row)!);
  const after = { ...row, ...next };
  const [twin] = await tx
    .select()
    .from(binderCards)
    .where(and(eq(binderCards.binderId, binderId), ...KEY_COLUMNS.map((c) => eq(c.column, after[c.key])), ne(binderCards.id, rowId)));
  if (!twin) return ((await tx.update(binderCards).set(next).where(eq(binderCards.id, rowId)).returning()) as [StoredRow])[0];
  await tx.delete(binderCards).where(eq(binderCards.id, rowId));
  const [merged] = (await tx
    .update(binderCards)
    // Copies summed; the price with its currency: the row kept's, or else the merged one's.
    .set(mergeInto(twin, after))
    .where(eq(binderCards.id, twin.id))
    .returning()) as [StoredRow];
  return merged;
}

/**
 * A change that cannot move the row (no new condition or language, so no merge) and needs nothing of the stored row
 * (copies within the plan's cards per binder; a price given with its currency): one statement that touches the binder only when the user owns it and
 * changes the row only when the binder was touched. Answers the row, or null when nothing matched (then the full
 * path below tells a missing binder from a missing row).
 */
async function changeRowLean(db: Db, user: User, binderId: string, rowId: number, data: UpdateBinderCardRequest, copiesAllowed: number): Promise<StoredRow | null> {
  const values = changeOf(data);
  // A new condition or language may merge the row with another; a value that needs the stored row needs the full path.
  if (!values || KEY_COLUMNS.some((c) => c.key in values) || !Object.keys(values).length) return null;
  const statement = sql`
    with owned as (
      update binders set updated_at = greatest(now(), updated_at + interval '1 millisecond')
      where id = ${binderId} and user_id = ${user.id}
        and exists (select 1 from binder_cards where id = ${rowId} and binder_id = ${binderId})${
          // Fewer copies, or room for more under the plan's cards per binder; otherwise the full path answers why not.
          data.quantity !== undefined
            ? sql`
        and (${data.quantity} <= (select quantity from binder_cards where id = ${rowId})
          or (select sum(quantity) from binder_cards where binder_id = ${binderId}) - (select quantity from binder_cards where id = ${rowId}) + ${data.quantity} <= ${copiesAllowed})`
            : sql``
        }
      returning id
    )
    update binder_cards set ${setList(values)}
    where id = ${rowId} and binder_id in (select id from owned)
    returning ${allColumns}`;
  // More copies race other adds to the binder: the statement runs after the binder's lock (lockBinder), so its count
  // sees every change committed before it.
  const result = (await (data.quantity === undefined
    ? db.execute(statement)
    : db.transaction(async (tx) => {
        await lockBinder(tx, binderId);
        return tx.execute(statement);
      }))) as unknown as { rows: Record<string, unknown>[] };
  const [r] = result.rows;
  return r ? storedRowOf(r) : null;
}

/** Changes one row; a new condition or language that matches another row of the same print merges the two. */
export async function updateBinderCard({ db, user, plan, id, rowId, data }: { db: Db; user: User; plan: PlanId; id: string; rowId: number; data: UpdateBinderCardRequest }): Promise<BinderCardRow> {
  const index = await catalogueIndex(db);
  const lean = await changeRowLean(db, user, id, rowId, data, copiesAllowed(plan));
  if (lean) return toRow(lean, index.byId.get(lean.cardId)!, true);
  await binderAccess.changeable(db, user, id);
  const result = await db.transaction(async (tx) => {
    if (data.quantity !== undefined) await lockBinder(tx, id);
    const before = data.quantity !== undefined ? await binderCopies(tx, id) : 0;
    const saved = await changeRow(tx, id, rowId, data);
    if (!saved) throw new AppError('NOT_FOUND', 404, 'Card not found');
    if (data.quantity !== undefined) await checkBinderSize(tx, id, plan, before);
    await touch(tx, id);
    return saved;
  });
  return toRow(result, index.byId.get(result.cardId)!, true);
}

/** Bulk edit: the same condition and/or language for many rows, in one transaction (rows that now match merge). */
export async function updateBinderCards({ db, user, id, data }: { db: Db; user: User; id: string; data: BulkUpdateBinderCardsRequest }) {
  await binderAccess.changeable(db, user, id);
  const { rowIds, ...change } = data;
  const updated = await db.transaction(async (tx) => {
    let count = 0;
    for (const rowId of rowIds) if (await changeRow(tx, id, rowId, change)) count++;
    if (!count) throw new AppError('NOT_FOUND', 404, 'Card not found');
    await touch(tx, id);
    return count;
  });
  return { updated };
}

/** Removes rows (one or many) in one statement; a cover that leaves the binder is cleared. */
export async function deleteBinderCards({ db, user, id, rowIds }: { db: Db; user: User; id: string; rowIds: number[] }) {
  await binderAccess.changeable(db, user, id);
  const removed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(binderCards)
      .where(and(eq(binderCards.binderId, id), inArray(binderCards.id, rowIds)))
      .returning({ id: binderCards.id });
    await touch(tx, id, { clearStaleCover: true });
    return gone.length;
  });
  if (!removed) throw new AppError('NOT_FOUND', 404, 'Card not found');
  return { removed };
}

