import type { PortfolioResponse } from '@grandline/core/contracts/binders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { binderCards, binders } from '../../db/schema/index';
import { catalogueIndex } from '../cards/catalogue-index';
import type { User } from './binder-access';
import { statsOf, withCards } from './binder-snapshot';

/** Copies owned per card number over the user's Personal and Trade binders (the deck editor's collection check). */
export async function ownedCounts({ db, user }: { db: Db; user: User }) {
  const index = await catalogueIndex(db);
  const rows = await db
    .select({ cardId: binderCards.cardId, quantity: sql<number>`sum(${binderCards.quantity})::int` })
    .from(binderCards)
    .innerJoin(binders, eq(binders.id, binderCards.binderId))
    .where(and(eq(binders.userId, user.id), inArray(binders.category, ['personal', 'trade'])))
    .groupBy(binderCards.cardId);
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const card = index.byId.get(r.cardId);
    if (card) counts[card.cardNumber] = (counts[card.cardNumber] ?? 0) + Number(r.quantity);
  }
  return { counts };
}

/** Totals over the user's Personal binders only (spec §6: Trade binders do not count towards the portfolio). */
export async function portfolio({ db, user }: { db: Db; user: User }): Promise<PortfolioResponse> {
  const index = await catalogueIndex(db);
  const personal = await db.select({ id: binders.id }).from(binders).where(and(eq(binders.userId, user.id), eq(binders.category, 'personal')));
  const rows = personal.length
    ? await db
        .select({ cardId: binderCards.cardId, quantity: sql<number>`sum(${binderCards.quantity})::int` })
        .from(binderCards)
        .where(inArray(binderCards.binderId, personal.map((b) => b.id)))
        .groupBy(binderCards.cardId)
    : [];
  const owned = withCards(rows.map((r) => ({ cardId: r.cardId, quantity: Number(r.quantity) })), index);
  const topCards = [...owned].sort((a, b) => b.quantity - a.quantity || (index.rank.get(a.card.id) ?? 0) - (index.rank.get(b.card.id) ?? 0)).slice(0, 10);
  return { binders: personal.length, stats: statsOf(owned, index), topCards };
}
