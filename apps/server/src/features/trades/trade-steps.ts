import type { Trade } from '@grandline/core/contracts/trades';
import type { PlanId } from '@grandline/core/plans';
import { and, asc, eq } from 'drizzle-orm';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import type { Db, DbTx } from '../../db/client';
import { binders, tradeLines, trades } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { lockUserRow } from '../../lib/plan-gates';
import { createBinder } from '../binders/binders.service';
import { copiesMissing, missingLine, moveCopies, type Line } from './trade-moves';
import { deliverTradeNotices, recordTradeNotice, type TradeNoticeDeps } from './trade-notices';
import { getTrade, lockTrade, wrongParty, wrongStatus } from './trades.service';

/*
 * The steps of a trade after its proposal (docs/trades.md "Proposals"): the recipient accepts or declines while it is
 * proposed; the proposer cancels before completion; once accepted, each party marks it received, and the second mark
 * completes it, moving the copies in the same transaction. Every step locks the trade's row (SELECT … FOR UPDATE) and
 * reads its status under the lock, so two requests at once take it one after the other and copies move exactly once.
 */

type User = { id: string };

const linesOf = async (tx: DbTx, tradeId: string) => {
  const rows = await tx.select().from(tradeLines).where(eq(tradeLines.tradeId, tradeId));
  const pick = (side: string): Line[] => rows.filter((r) => r.side === side).map((r) => ({ cardId: r.cardId, quantity: r.quantity }));
  return { give: pick('give'), get: pick('get') };
};

/** Both parties' Trade binders still hold every promised copy; TRADE_COPIES_MISSING otherwise (seen from `user`'s side). */
async function checkStillHeld(tx: DbTx, user: User, row: typeof trades.$inferSelect) {
  const lines = await linesOf(tx, row.id);
  const give = await missingLine(tx, row.proposerId, lines.give);
  if (give) throw copiesMissing(row.proposerId === user.id ? 'yours' : 'theirs', give);
  const get = await missingLine(tx, row.recipientId, lines.get);
  if (get) throw copiesMissing(row.recipientId === user.id ? 'yours' : 'theirs', get);
  return lines;
}

/** Accept, decline (the recipient, while proposed) or cancel (the proposer, while proposed or accepted). */
export async function changeTrade({ db, user, id, step, notices }: { db: Db; user: User; id: string; step: 'accept' | 'decline' | 'cancel'; notices?: TradeNoticeDeps }): Promise<Trade> {
  const done = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;
  const told = await db.transaction(async (tx) => {
    const row = await lockTrade(tx, user, id);
    const who = step === 'cancel' ? 'proposer' : 'recipient';
    if ((who === 'proposer' ? row.proposerId : row.recipientId) !== user.id) throw wrongParty(step, who);
    const allowed = step === 'cancel' ? ['proposed', 'accepted'] : ['proposed'];
    if (!allowed.includes(row.status)) throw wrongStatus(done[step], row.status);
    if (step === 'accept') await checkStillHeld(tx, user, row);
    await tx.update(trades).set({ status: done[step], updatedAt: new Date() }).where(eq(trades.id, id));
    const other = row.proposerId === user.id ? row.recipientId : row.proposerId;
    await recordTradeNotice(tx, { tradeId: id, event: done[step], actorId: user.id, userId: other, deps: notices ?? {} });
    return other;
  });
  if (notices) await deliverTradeNotices(notices, [told]);
  return getTrade({ db, user, id });
}

/** The binder my received copies go to: the one asked (mine, not the wishlist), else my first Personal binder (created when none). */
async function receivingBinder(db: Db, user: User, plan: PlanId, binderId: string | undefined): Promise<string> {
  if (binderId) {
    const [b] = await db.select({ category: binders.category }).from(binders).where(and(eq(binders.id, binderId), eq(binders.userId, user.id)));
    if (!b || b.category === 'wishlist') throw new AppError('TRADE_BINDER_INVALID', 400, 'Choose one of your binders (not the wishlist) for the cards you receive', [{ path: 'binderId', message: 'Not one of your binders' }]);
    return binderId;
  }
  // Under the user's lock, so two marks at once make one binder, not two; made through the binders feature's create path.
  return db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const [first] = await tx
      .select({ id: binders.id })
      .from(binders)
      .where(and(eq(binders.userId, user.id), eq(binders.category, 'personal')))
      .orderBy(asc(binders.createdAt), asc(binders.id))
      .limit(1);
    if (first) return first.id;
    return (await createBinder({ db: tx, user, plan, data: { name: 'Trades', category: 'personal' } })).id;
  });
}

/**
 * Marks the trade received by `user` (once accepted); the second party's mark completes it and moves the copies, in
 * this one transaction: refused with TRADE_COPIES_MISSING (nothing moves, the mark is not kept) when a Trade binder no
 * longer holds a promised copy. Marking again is harmless (the trade as it is).
 */
export async function completeTrade({ db, user, plan, id, binderId, notices }: { db: Db; user: User; plan: PlanId; id: string; binderId?: string; notices?: TradeNoticeDeps }): Promise<Trade> {
  const peek = await getTrade({ db, user, id });
  if (peek.status !== 'accepted' && peek.status !== 'completed') throw wrongStatus('marked received', peek.status);
  const target = peek.status === 'accepted' ? await receivingBinder(db, user, plan, binderId) : null;
  const index = await catalogueIndex(db);
  const told = await db.transaction(async (tx): Promise<string | null> => {
    const row = await lockTrade(tx, user, id);
    if (row.status === 'completed') return null;
    if (row.status !== 'accepted') throw wrongStatus('marked received', row.status);
    const isProposer = row.proposerId === user.id;
    const now = new Date();
    const mark = isProposer
      ? { proposerReceivedAt: row.proposerReceivedAt ?? now, proposerBinderId: row.proposerReceivedAt ? row.proposerBinderId : target }
      : { recipientReceivedAt: row.recipientReceivedAt ?? now, recipientBinderId: row.recipientReceivedAt ? row.recipientBinderId : target };
    const after = { ...row, ...mark };
    const other = isProposer ? row.recipientId : row.proposerId;
    const tell = async (event: 'received' | 'completed') => {
      await recordTradeNotice(tx, { tradeId: id, event, actorId: user.id, userId: other, deps: notices ?? {} });
      return other;
    };
    if (!after.proposerReceivedAt || !after.recipientReceivedAt) {
      // Marking again tells nobody again.
      if (isProposer ? row.proposerReceivedAt : row.recipientReceivedAt) return null;
      await tx.update(trades).set({ ...mark, updatedAt: now }).where(eq(trades.id, id));
      return tell('received');
    }
    if (!after.proposerBinderId || !after.recipientBinderId) throw new AppError('TRADE_BINDER_INVALID', 409, 'A binder chosen for the received cards no longer exists: mark the trade received again');
    // Both parties' locks, always in the same order, before any binder row: two trades between the same two users
    // completing at once (each the other way round) wait for each other instead of deadlocking.
    for (const party of [row.proposerId, row.recipientId].sort()) await lockUserRow(tx, party);
    const lines = await checkStillHeld(tx, user, row);
    const numbers = new Map([...lines.give, ...lines.get].map((l) => [l.cardId, index.byId.get(l.cardId)?.cardNumber ?? '']));
    const you = (giverId: string) => (giverId === user.id ? 'yours' : 'theirs');
    await moveCopies(tx, { giverId: row.proposerId, receiverId: row.recipientId, receiverBinderId: after.recipientBinderId, lines: lines.give, numbers, giverIs: you(row.proposerId) });
    await moveCopies(tx, { giverId: row.recipientId, receiverId: row.proposerId, receiverBinderId: after.proposerBinderId, lines: lines.get, numbers, giverIs: you(row.recipientId) });
    await tx.update(trades).set({ ...mark, status: 'completed', completedAt: now, updatedAt: now }).where(eq(trades.id, id));
    return tell('completed');
  });
  if (notices && told) await deliverTradeNotices(notices, [told]);
  return getTrade({ db, user, id });
}
