import { LOCKED_FEATURES, monthStart, planLimits, type LockedFeature, type PlanId } from '@grandline/core/plans';
import { and, count, eq, gte } from 'drizzle-orm';
import type { DbTx } from '../db/client';
import { csvExports, users } from '../db/schema/index';
import { AppError } from './errors';

/**
 * What every plan gate shares (issue 16): the 403 `PLAN_LIMIT` answer with the spec's locked-feature message, and the
 * lock that makes a count-then-create exact (two tabs, or two replicas, cannot both take the last place).
 */
export const planLimitReached = (feature: LockedFeature, extra: Record<string, unknown> = {}) =>
  new AppError('PLAN_LIMIT', 403, LOCKED_FEATURES[feature], undefined, { feature, ...extra });

/** Holds the user's row until the transaction ends: counts checked under it hold until the write commits. */
export const lockUserRow = (tx: DbTx, userId: string) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/**
 * The room a count has: below `planLimit` (null: the plan has no limit) and below the hard cap every plan keeps so no
 * loop over a user's data is unbounded. Past the plan's limit → PLAN_LIMIT; past the hard cap → 400 with `capText`.
 */
export function checkRoom({ used, adding = 1, planLimit, hardCap, feature, capText }: { used: number; adding?: number; planLimit: number | null; hardCap: number; feature: LockedFeature; capText: string }) {
  if (planLimit !== null && planLimit < hardCap && used + adding > planLimit) throw planLimitReached(feature, { limit: planLimit });
  if (used + adding > hardCap) throw new AppError('VALIDATION_ERROR', 400, capText);
}

/**
 * Counts one CSV export (a comparison report's or a binder's) inside the transaction that makes it: refused with
 * PLAN_LIMIT when the plan's monthly exports (UTC calendar month) are used up, recorded otherwise. Locks the user's row.
 */
export async function countCsvExport(tx: DbTx, { userId, plan, now, kind, subjectId }: { userId: string; plan: PlanId; now: Date; kind: string; subjectId: string }) {
  await lockUserRow(tx, userId);
  const monthly = planLimits(plan).csvExportsPerMonth;
  if (monthly !== null) {
    const [row] = await tx.select({ n: count() }).from(csvExports).where(and(eq(csvExports.userId, userId), gte(csvExports.createdAt, monthStart(now))));
    if (Number(row?.n ?? 0) >= monthly) throw planLimitReached('csvExports', { limit: monthly });
  }
  await tx.insert(csvExports).values({ userId, kind, subjectId, createdAt: now });
}
