import { MAX_CARDS_PER_BINDER, planLimits, type PlanId } from '@grandline/core/plans';
import { eq, sql } from 'drizzle-orm';
import { messageText } from '@grandline/core/contracts/messages';
import type { DbTx } from '../../db/client';
import { ownedItems, type Viewer } from '../../db/ownership';
import { binderCards, binders } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkRoom } from '../../lib/plan-gates';

/** What every binder service shares: who may see or change a binder, and how a change is marked. */
export type BinderRecord = typeof binders.$inferSelect;
export type StoredRow = typeof binderCards.$inferSelect;
export type { Viewer };
export type User = { id: string };
export type Tx = DbTx;

const binderNotFound = () => new AppError('BINDER_NOT_FOUND', 404, "This binder doesn't exist or is private");
export const invalid = (path: string, key: string) => new AppError('VALIDATION_ERROR', 400, messageText(key), [{ path, message: messageText(key) }]);

/** Who may read or change a binder: the one ownership module's rules (owner; anyone when public), the 404 otherwise. */
export const binderAccess = ownedItems(binders, binderNotFound);

/** Later than now and than the previous value by at least 1 ms, so the snapshot cache's key always moves. */
export const nextUpdatedAt = sql`greatest(now(), ${binders.updatedAt} + interval '1 millisecond')`;

/** Marks the binder changed; with `clearStaleCover`, a cover card no longer in the binder is cleared. */
export const touch = (tx: Tx, id: string, { clearStaleCover = false } = {}) =>
  tx
    .update(binders)
    .set({
      updatedAt: nextUpdatedAt,
      ...(clearStaleCover
        ? {
            coverCardId: sql`case when exists (select 1 from ${binderCards} where ${binderCards.binderId} = ${id} and ${binderCards.cardId} = ${binders.coverCardId}) then ${binders.coverCardId} else null end`,
          }
        : {}),
    })
    .where(eq(binders.id, id));


/**
 * Holds the binder's row until the transaction ends, so changes that add copies to one binder run one at a time: each
 * counts the copies after the previous one committed (on PostgreSQL, 20 parallel adds once went 400 past the plan's
 * limit; the embedded database runs one transaction at a time anyway). Call it first in the transaction.
 */
export async function lockBinder(tx: Tx, binderId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${binders} where ${binders.id} = ${binderId} for update`);
}

/** The copies a binder holds now (inside the transaction that changed them). */
export async function binderCopies(tx: Tx, binderId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`coalesce(sum(${binderCards.quantity}), 0)`.mapWith(Number) }).from(binderCards).where(eq(binderCards.binderId, binderId));
  return row?.n ?? 0;
}

/** The copies a binder may hold on this plan (the hard cap on every plan). */
export const copiesAllowed = (plan: PlanId) => Math.min(planLimits(plan).cardsPerBinder ?? MAX_CARDS_PER_BINDER, MAX_CARDS_PER_BINDER);

/**
 * Checked after a change that adds copies, inside its transaction (a refusal rolls it back): the binder may not hold
 * more than the plan's cards per binder. `before` is the count before the change: a binder already past the limit
 * (made on a higher plan) may still lose copies or change rows, never grow.
 */
export async function checkBinderSize(tx: Tx, binderId: string, plan: PlanId, before = 0) {
  const after = await binderCopies(tx, binderId);
  if (after <= before) return;
  checkRoom({
    used: after,
    adding: 0,
    planLimit: planLimits(plan).cardsPerBinder,
    hardCap: MAX_CARDS_PER_BINDER,
    feature: 'cardsPerBinder',
    capText: `A binder can hold at most ${MAX_CARDS_PER_BINDER.toLocaleString('en-US')} cards`,
  });
}
