import { eq, sql } from 'drizzle-orm';
import { messageText } from '@grandline/core/contracts/messages';
import type { DbTx } from '../../db/client';
import { ownedItems, type Viewer } from '../../db/ownership';
import { binderCards, binders } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** What every binder service shares: who may see or change a binder, and how a change is marked. */
export type BinderRecord = typeof binders.$inferSelect;
export type StoredRow = typeof binderCards.$inferSelect;
export type { Viewer };
export type User = { id: string };
export type Tx = DbTx;

export const binderNotFound = () => new AppError('BINDER_NOT_FOUND', 404, "This binder doesn't exist or is private");
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

