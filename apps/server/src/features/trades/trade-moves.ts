import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbTx } from '../../db/client';
import { binderCards, binders, cards } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { lockBinder, touch } from '../binders/binder-access';
import { rowFromInput } from '../binders/binder-row-columns';
import { upsertRows } from '../binders/binder-rows.service';

/*
 * What a trade's copies are and where they go (issue 44): what a user offers is what their Trade binders hold (the
 * sum over their binders of category trade, per print, any condition or language). On completion, in the caller's
 * transaction, each giver's copies leave the rows that held that print (largest first), arrive in the receiver's
 * binder as rows of that print (condition and language kept) through the binder rows' one write path (upsertRows),
 * and the receiver's wishlist wants drop by what arrived (exact print rows first, then any-print rows of the number).
 */

export type Line = { cardId: number; quantity: number };

/** A user's Trade binders' copies of the given prints, by print. */
async function tradeHoldings(tx: DbTx, userId: string, cardIds: number[]): Promise<Map<number, number>> {
  if (!cardIds.length) return new Map();
  const rows = await tx
    .select({ cardId: binderCards.cardId, n: sql<number>`sum(${binderCards.quantity})::int` })
    .from(binderCards)
    .innerJoin(binders, eq(binders.id, binderCards.binderId))
    .where(and(eq(binders.userId, userId), eq(binders.category, 'trade'), inArray(binderCards.cardId, cardIds)))
    .groupBy(binderCards.cardId);
  return new Map(rows.map((r) => [r.cardId, Number(r.n)]));
}

/** The first line a user's Trade binders do not hold enough of, or null when they hold every line. */
export async function missingLine(tx: DbTx, userId: string, lines: Line[]): Promise<(Line & { held: number }) | null> {
  const held = await tradeHoldings(tx, userId, lines.map((l) => l.cardId));
  for (const l of lines) {
    const n = held.get(l.cardId) ?? 0;
    if (n < l.quantity) return { ...l, held: n };
  }
  return null;
}

export const copiesMissing = (who: 'yours' | 'theirs', line: Line & { held: number }) =>
  new AppError(
    'TRADE_COPIES_MISSING',
    409,
    who === 'yours'
      ? `Your Trade binders no longer hold the ${line.quantity} copies of card ${line.cardId} this trade promises (they hold ${line.held})`
      : `The other party's Trade binders no longer hold the ${line.quantity} copies of card ${line.cardId} this trade promises`,
    undefined,
    { cardId: line.cardId, who },
  );

/** Locks a user's Trade binders (in id order, so two completions never wait on each other crosswise). */
async function lockTradeBinders(tx: DbTx, userId: string) {
  const ids = (await tx.select({ id: binders.id }).from(binders).where(and(eq(binders.userId, userId), eq(binders.category, 'trade')))).map((b) => b.id).sort();
  for (const id of ids) await lockBinder(tx, id);
  return ids;
}

/** Takes one line's copies out of the giver's Trade binders (largest rows first); answers the copies taken, row by row. */
async function takeOut(tx: DbTx, binderIds: string[], line: Line) {
  const rows = await tx
    .select()
    .from(binderCards)
    .where(and(inArray(binderCards.binderId, binderIds), eq(binderCards.cardId, line.cardId)))
    .orderBy(desc(binderCards.quantity), binderCards.id);
  let left = line.quantity;
  const taken: { condition: string; language: string; quantity: number }[] = [];
  for (const row of rows) {
    if (left === 0) break;
    const n = Math.min(left, row.quantity);
    if (n === row.quantity) await tx.delete(binderCards).where(eq(binderCards.id, row.id));
    else await tx.update(binderCards).set({ quantity: row.quantity - n }).where(eq(binderCards.id, row.id));
    taken.push({ condition: row.condition, language: row.language, quantity: n });
    left -= n;
  }
  return taken;
}

/** Drops a receiver's wishlist wants by what arrived: rows of the exact print first, then any-print rows of the number. */
async function dropWants(tx: DbTx, userId: string, arrived: { cardId: number; cardNumber: string; quantity: number }) {
  const [wishlist] = await tx.select({ id: binders.id }).from(binders).where(and(eq(binders.userId, userId), eq(binders.category, 'wishlist')));
  if (!wishlist) return;
  await lockBinder(tx, wishlist.id);
  const exact = eq(binderCards.cardId, arrived.cardId);
  const rows = await tx
    .select({ id: binderCards.id, quantity: binderCards.quantity })
    .from(binderCards)
    .innerJoin(cards, eq(cards.id, binderCards.cardId))
    .where(and(eq(binderCards.binderId, wishlist.id), or(exact, and(eq(binderCards.anyPrint, true), eq(cards.cardNumber, arrived.cardNumber)))))
    .orderBy(sql`(${exact}) desc`, desc(binderCards.quantity), binderCards.id);
  let left = arrived.quantity;
  for (const row of rows) {
    if (left === 0) break;
    const n = Math.min(left, row.quantity);
    if (n === row.quantity) await tx.delete(binderCards).where(eq(binderCards.id, row.id));
    else await tx.update(binderCards).set({ quantity: row.quantity - n }).where(eq(binderCards.id, row.id));
    left -= n;
  }
  await touch(tx, wishlist.id);
}

/**
 * Moves one direction of a trade: the giver's copies of each line into the receiver's binder. Refused with
 * TRADE_COPIES_MISSING (and, the caller's transaction rolling back, nothing moves) when the Trade binders no longer
 * hold a promised copy.
 */
export async function moveCopies(tx: DbTx, m: { giverId: string; receiverId: string; receiverBinderId: string; lines: Line[]; numbers: Map<number, string>; giverIs: 'yours' | 'theirs' }) {
  if (!m.lines.length) return;
  const binderIds = await lockTradeBinders(tx, m.giverId);
  const missing = await missingLine(tx, m.giverId, m.lines);
  if (missing) throw copiesMissing(m.giverIs, missing);
  await lockBinder(tx, m.receiverBinderId);
  for (const line of m.lines) {
    const taken = await takeOut(tx, binderIds, line);
    await upsertRows(
      tx,
      m.receiverBinderId,
      taken.map((t) => rowFromInput({ cardId: line.cardId, quantity: t.quantity, condition: t.condition, language: t.language })),
    );
    await dropWants(tx, m.receiverId, { cardId: line.cardId, cardNumber: m.numbers.get(line.cardId) ?? '', quantity: line.quantity });
  }
  for (const id of binderIds) await touch(tx, id);
  await touch(tx, m.receiverBinderId);
}
