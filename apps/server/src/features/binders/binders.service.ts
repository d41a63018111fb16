import { randomUUID } from 'node:crypto';
import type { BinderCategory, BinderDetail, BinderSummary, CreateBinderRequest, UpdateBinderRequest } from '@grandline/core/contracts/binders';
import { MAX_BINDERS_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isOwner } from '../../db/ownership';
import { isUniqueViolation } from '../../db/pg-errors';
import { preparedPerDb } from '../../db/prepared';
import { binderCards, binders, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { checkRoom, lockUserRow, planLimitReached } from '../../lib/plan-gates';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import { emitDomainEvent } from '../../lib/domain-events';
import { withdrawCommentedOn } from '../notifications/community.service';
import { binderAccess, invalid, nextUpdatedAt, type BinderRecord, type Tx, type User, type Viewer } from './binder-access';
import { mostCopies, snapshotOf, statsOf } from './binder-snapshot';

/**
 * Binders themselves: list, read, create, change, delete. Their rows are in binder-rows.service.ts, files in
 * binder-files.service.ts, the wishlist in wishlist.service.ts and the portfolio in portfolio.service.ts.
 */

type Counts = { cardCount: number; distinctCount: number; previewCardId?: number | null };

/**
 * A user's binders with, per binder, its copies, distinct prints and the print with most copies (the preview when no
 * cover is set): one prepared statement.
 */
const bindersOfUser = preparedPerDb((db) =>
  db
    .select({
      record: binders,
      cardCount: sql<number>`coalesce(counts.copies, 0)`.mapWith(Number),
      distinctCount: sql<number>`coalesce(counts.prints, 0)`.mapWith(Number),
      previewCardId: sql<number | null>`preview.card_id`,
    })
    .from(binders)
    .leftJoinLateral(
      db
        .select({ copies: sql<number>`sum(${binderCards.quantity})::int`.as('copies'), prints: sql<number>`count(distinct ${binderCards.cardId})::int`.as('prints') })
        .from(binderCards)
        .where(eq(binderCards.binderId, binders.id))
        .as('counts'),
      sql`true`,
    )
    .leftJoinLateral(
      db
        .select({ cardId: binderCards.cardId })
        .from(binderCards)
        .where(eq(binderCards.binderId, binders.id))
        .orderBy(desc(binderCards.quantity), asc(binderCards.id))
        .limit(1)
        .as('preview'),
      sql`true`,
    )
    .where(eq(binders.userId, sql.placeholder('userId')))
    .orderBy(desc(binders.updatedAt))
    .prepare('binders_of_user'),
);

function summary(record: BinderRecord, { previewCardId, ...counts }: Counts, index: CatalogueIndex): BinderSummary {
  const cover = record.coverCardId ? (index.byId.get(record.coverCardId) ?? null) : null;
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    category: record.category as BinderCategory,
    isPublic: record.isPublic,
    showOnProfile: record.showOnProfile,
    familyShared: record.familyShared,
    cover,
    preview: cover ?? (previewCardId ? (index.byId.get(previewCardId) ?? null) : null),
    ...counts,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** The signed-in user's binders (the wishlist included), most recently changed first. */
export async function listBinders({ db, user }: { db: Db; user: User }): Promise<BinderSummary[]> {
  const index = await catalogueIndex(db);
  const rows = await bindersOfUser(db).execute({ userId: user.id });
  return rows.map(({ record, ...counts }) => summary(record, counts, index));
}

/** A binder with its owner and statistics; its cards come page by page from `listBinderCards`. */
export async function getBinder({ db, viewer, id }: { db: Db; viewer: Viewer; id: string }): Promise<BinderDetail> {
  const index = await catalogueIndex(db);
  const record = await binderAccess.readable(db, viewer, id);
  const snapshot = await snapshotOf(db, record, index);
  snapshot.summary ??= {
    stats: statsOf(snapshot.entries.map((e) => ({ card: e.card, quantity: e.r.quantity })), index),
    previewCardId: mostCopies(snapshot.entries),
  };
  const { stats, previewCardId } = snapshot.summary;
  const [owner] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, record.userId));
  return {
    ...summary(record, { cardCount: stats.cardCount, distinctCount: stats.distinctCount, previewCardId }, index),
    owner: { username: owner?.username ?? null, isYou: isOwner(viewer, record) },
    stats,
  };
}

async function checkCover(db: Db | Tx, binderId: string | null, coverCardId: number | null | undefined) {
  if (!coverCardId) return;
  const found = binderId
    ? await db.select({ id: binderCards.id }).from(binderCards).where(and(eq(binderCards.binderId, binderId), eq(binderCards.cardId, coverCardId))).limit(1)
    : [];
  if (!found.length) throw invalid('coverCardId', 'validation.binderCoverNotInBinder');
}

const wishlistExists = () => new AppError('WISHLIST_EXISTS', 409, 'You already have a wishlist');

/** Binders that count against a plan's limit: every one but the wishlist. */
async function countedBinders(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: count() }).from(binders).where(and(eq(binders.userId, userId), ne(binders.category, 'wishlist')));
  return Number(row?.n ?? 0);
}

/** A binder's place among the user's binders: the plan's limit (the wishlist aside), checked under the user's lock. */
async function checkBinderRoom(tx: Tx, userId: string, plan: PlanId) {
  await lockUserRow(tx, userId);
  checkRoom({ used: await countedBinders(tx, userId), planLimit: planLimits(plan).binders, hardCap: MAX_BINDERS_PER_USER, feature: 'binders', capText: `A user can have at most ${MAX_BINDERS_PER_USER} binders` });
}

/** Private binders are Hobby's (spec §6): on Free, a new binder is public and one cannot be made private. The wishlist is a list, not a collection, and stays as it is. */
const isPrivateCollection = (b: { isPublic: boolean; category: string }) => !b.isPublic && b.category !== 'wishlist';

export async function createBinder({ db, user, plan, data }: { db: Db; user: User; plan: PlanId; data: CreateBinderRequest }): Promise<BinderDetail> {
  await checkCover(db, null, data.coverCardId);
  const { privateItems } = planLimits(plan);
  const isPublic = data.isPublic ?? (!privateItems && data.category !== 'wishlist');
  if (!privateItems && isPrivateCollection({ isPublic, category: data.category })) throw planLimitReached('privateItems');
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      if (data.category !== 'wishlist') await checkBinderRoom(tx, user.id, plan);
      await tx.insert(binders).values({ id, userId: user.id, name: data.name, description: data.description || null, category: data.category, isPublic, familyShared: data.familyShared ?? false });
      if (isPublic) await emitDomainEvent(tx, 'binder.shared', { userId: user.id, binderId: id });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw wishlistExists();
    throw err;
  }
  return getBinder({ db, viewer: user, id });
}

/** Changes only the fields sent; only the owner may (others get a 404, never a change). */
export async function updateBinder({ db, user, plan, id, data }: { db: Db; user: User; plan: PlanId; id: string; data: UpdateBinderRequest }): Promise<BinderDetail> {
  const record = await binderAccess.changeable(db, user, id);
  await checkCover(db, id, data.coverCardId);
  const next = { isPublic: data.isPublic ?? record.isPublic, category: data.category ?? record.category };
  // What was made before a limit stays as it is (a private binder from a Hobby month stays private); only a change
  // into a private collection is Hobby's.
  if (!planLimits(plan).privateItems && isPrivateCollection(next) && !isPrivateCollection(record)) throw planLimitReached('privateItems');
  try {
    await db.transaction(async (tx) => {
      // A wishlist turned into a binder takes a binder's place.
      if (record.category === 'wishlist' && next.category !== 'wishlist') await checkBinderRoom(tx, user.id, plan);
      await tx
        .update(binders)
        .set({ ...data, ...(data.description !== undefined ? { description: data.description || null } : {}), updatedAt: nextUpdatedAt })
        .where(binderAccess.ownedBy(user, id));
      // Made public (shared): it appears in the owner's activity (and their followers' feeds) now.
      if (next.isPublic && !record.isPublic) await emitDomainEvent(tx, 'binder.shared', { userId: user.id, binderId: id });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw wishlistExists();
    throw err;
  }
  return getBinder({ db, viewer: user, id });
}

export async function deleteBinder({ db, user, id }: { db: Db; user: User; id: string }) {
  await db.transaction(async (tx) => {
    await binderAccess.remove(tx, user, id);
    await withdrawCommentedOn(tx, { kind: 'binder', id });
  });
}

