/**
 * Who may read or change a user's item (a deck, a binder; later a comment, a family-shared binder). One answer for
 * every feature, so that a rule is written once and a missing item and a forbidden one look the same.
 *
 * The rules (`mayRead`, `mayChange`, pure):
 * - read: the owner, or anyone when the item is public (an item without an `isPublic` column is private), or a
 *   member of the owner's family when the owner shares it with them (`familyShared`, binders);
 * - change: the owner only;
 * - everyone else gets the item's not-found error (404, "This deck doesn't exist or is private"), never a 403: the
 *   answer does not tell whether a private item exists.
 *
 * Usage: one `ownedItems(table, notFoundError)` per kind, next to its service.
 *
 *   const deckAccess = ownedItems(decks, () => new AppError('DECK_NOT_FOUND', 404, "This deck doesn't exist or is private"));
 *   const record = await deckAccess.readable(db, viewer, id);   // GET: owner or public, else the 404
 *   const record = await deckAccess.changeable(db, user, id);   // PATCH/PUT: owner only, else the 404
 *   await db.update(decks).set(…).where(deckAccess.ownedBy(user, id));  // a write that only the owner's row matches
 *   await deckAccess.remove(db, user, id);                      // DELETE: owner only, else the 404
 *
 * `db` may be a transaction (`tx`): a check inside the transaction that then writes. The table needs `id`
 * (text) and `userId` columns, and `isPublic` (boolean) for items that can be public.
 * Later rules (family sharing, plan gates) extend `mayRead`/`mayChange`; callers keep the same four calls.
 */
import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppError } from '../lib/errors';
import type { Db } from './client';
import { preparedPerDb } from './prepared';

/** Who asks: a signed-in user, or null for an anonymous visitor. */
export type Viewer = { id: string } | null;

/** What the rules read of an item. */
export interface Ownable {
  /** Null for an item owned by no user (a tournament's published list): nobody may change it. */
  userId: string | null;
  isPublic?: boolean | null;
}

/** Whether the viewer owns the item. */
export const isOwner = (viewer: Viewer, item: Ownable): boolean => viewer !== null && item.userId === viewer.id;

/** Whether the viewer may see the item: its owner, or anyone when it is public. */
export const mayRead = (viewer: Viewer, item: Ownable): boolean => item.isPublic === true || isOwner(viewer, item);

/** Whether the viewer may change or delete the item: its owner only. */
export const mayChange = (viewer: Viewer, item: Ownable): boolean => isOwner(viewer, item);

/** A table of items that belong to a user. */
export type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn; isPublic?: PgColumn };

export interface OwnedItems<Row> {
  /** The item for its owner, or for anyone when public; otherwise (missing too) the not-found error. */
  readable(db: Db, viewer: Viewer, id: string): Promise<Row>;
  /** The item for its owner; otherwise (missing too) the not-found error. */
  changeable(db: Db, user: { id: string }, id: string): Promise<Row>;
  /** The condition "this id, owned by this user", for a write that must touch only the owner's row. */
  ownedBy(user: { id: string }, id: string): SQL;
  /** Deletes the item when the user owns it; otherwise (missing too) the not-found error. */
  remove(db: Db, user: { id: string }, id: string): Promise<void>;
}

/**
 * Whether two users are in one family (db/schema/family.ts): one is the other's owner, or both are members of the
 * same owner. An item its owner shares with the family (`familyShared`) is readable by the others.
 */
async function sameFamily(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const rows = await db.execute(sql`
    select 1 from (select coalesce((select owner_id from family_members where member_id = ${a}), ${a}) as root_a,
                          coalesce((select owner_id from family_members where member_id = ${b}), ${b}) as root_b) r
    where r.root_a = r.root_b`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Read/change checks for one kind of item, answering `notFound()` whenever the viewer may not. */
export function ownedItems<T extends OwnedTable>(table: T, notFound: () => AppError): OwnedItems<T['$inferSelect']> {
  type Row = T['$inferSelect'];
  const ownedBy = (user: { id: string }, id: string) => and(eq(table.id, id), eq(table.userId, user.id))!;
  // Every item request starts here: both reads are prepared once per database handle (db/prepared.ts).
  // drizzle cannot infer the row of a generic table; select() of the table answers exactly T['$inferSelect'].
  const name = getTableName(table);
  const byId = preparedPerDb((db) =>
    db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, sql.placeholder('id')))
      .prepare(`${name}_by_id`),
  );
  const byOwner = preparedPerDb((db) =>
    db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, sql.placeholder('id')), eq(table.userId, sql.placeholder('userId'))))
      .prepare(`${name}_by_owner`),
  );
  return {
    async readable(db, viewer, id) {
      const [record] = (await byId(db).execute({ id })) as Row[];
      if (!record) throw notFound();
      if (!mayRead(viewer, record as unknown as Ownable) && !(viewer && (record as { familyShared?: boolean }).familyShared && (record as unknown as Ownable).userId !== null && (await sameFamily(db, viewer.id, (record as unknown as Ownable).userId!)))) {
        throw notFound();
      }
      return record;
    },
    async changeable(db, user, id) {
      // The owner is part of the query: another user's item is never read.
      const [record] = (await byOwner(db).execute({ id, userId: user.id })) as Row[];
      if (!record) throw notFound();
      return record;
    },
    ownedBy,
    async remove(db, user, id) {
      const deleted = await db
        .delete(table as PgTable)
        .where(ownedBy(user, id))
        .returning({ id: table.id });
      if (!deleted.length) throw notFound();
    },
  };
}
