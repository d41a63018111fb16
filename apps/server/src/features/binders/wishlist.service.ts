import { randomUUID } from 'node:crypto';
import type { PlanId } from '@grandline/core/plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { binderCards, binders } from '../../db/schema/index';
import { touch, type User } from './binder-access';
import { addBinderCards } from './binder-rows.service';

/** The wishlist: a binder of category 'wishlist', one per user, created on first use. */

async function wishlistOf(db: Db, user: User) {
  const [found] = await db.select().from(binders).where(and(eq(binders.userId, user.id), eq(binders.category, 'wishlist')));
  return found ?? null;
}

/** The user's wishlist binder, created on first use (the unique index keeps it one per user under races). */
async function ensureWishlist(db: Db, user: User) {
  const existing = await wishlistOf(db, user);
  if (existing) return existing;
  await db
    .insert(binders)
    .values({ id: randomUUID(), userId: user.id, name: 'Wishlist', category: 'wishlist', isPublic: false })
    .onConflictDoNothing();
  return (await wishlistOf(db, user))!;
}

export async function wishlistIds({ db, user }: { db: Db; user: User }) {
  const binder = await wishlistOf(db, user);
  if (!binder) return { binderId: null, cardIds: [] };
  const rows = await db.selectDistinct({ cardId: binderCards.cardId }).from(binderCards).where(eq(binderCards.binderId, binder.id));
  return { binderId: binder.id, cardIds: rows.map((r) => r.cardId) };
}

export async function addToWishlist({ db, user, plan, cards }: { db: Db; user: User; plan: PlanId; cards: { cardId: number; quantity: number; anyPrint?: boolean }[] }) {
  const binder = await ensureWishlist(db, user);
  await addBinderCards({ db, user, plan, id: binder.id, data: { cards } });
  return wishlistIds({ db, user });
}

export async function removeFromWishlist({ db, user, cardId }: { db: Db; user: User; cardId: number }) {
  const binder = await wishlistOf(db, user);
  if (binder) {
    await db.transaction(async (tx) => {
      await tx.delete(binderCards).where(and(eq(binderCards.binderId, binder.id), eq(binderCards.cardId, cardId)));
      await touch(tx, binder.id, { clearStaleCover: true });
    });
  }
  return wishlistIds({ db, user });
}

