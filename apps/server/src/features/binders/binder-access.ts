import { and, eq, sql } from 'drizzle-orm';
import { messageText } from '@grandline/core/contracts/messages';
import type { Db } from '../../db/client';
import { binderCards, binders } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** What every binder service shares: who may see or change a binder, and how a change is marked. */
export type BinderRecord = typeof binders.$inferSelect;
export type StoredRow = typeof binderCards.$inferSelect;
export type Viewer = { id: string } | null;
export type User = { id: string };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const binderNotFound = () => new AppError('BINDER_NOT_FOUND', 404, "This binder doesn't exist or is private");
export const invalid = (path: string, key: string) => new AppError('VALIDATION_ERROR', 400, messageText(key), [{ path, message: messageText(key) }]);

/** The binder for its owner, or for anyone when public; others get the same 404 as for a missing binder. */
export async function visibleBinder(db: Db, viewer: Viewer, id: string) {
  const [record] = await db.select().from(binders).where(eq(binders.id, id));
  if (!record || (!record.isPublic && record.userId !== viewer?.id)) throw binderNotFound();
  return record;
}

export async function ownedBinder(db: Db | Tx, user: User, id: string) {
  const [record] = await db.select().from(binders).where(and(eq(binders.id, id), eq(binders.userId, user.id)));
  if (!record) throw binderNotFound();
  return record;
}

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

