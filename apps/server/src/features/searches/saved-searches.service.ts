import { randomUUID } from 'node:crypto';
import type { CreateSavedSearchRequest, SavedSearch, SavedSearchListResponse } from '@grandline/core/contracts/searches';
import { MAX_SAVED_SEARCHES_PER_USER, planLimits, type PlanId } from '@grandline/core/plans';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedItems } from '../../db/ownership';
import { savedSearches } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Lang } from '../../lib/mail-text';
import { checkRoom, lockUserRow } from '../../lib/plan-gates';
import { readSearchQuery } from '../../lib/search-query';

/*
 * Saved searches (issue 42): a user's named queries of the search language. A query is read before it is kept (the
 * 400 QUERY_INVALID of GET /api/cards?q=), so every saved one parses; Free keeps 3, Hobby unlimited (the plans
 * table), counted under the user's row lock so parallel saves cannot pass the limit.
 */

type Row = typeof savedSearches.$inferSelect;

const searchAccess = ownedItems(savedSearches, () => new AppError('SEARCH_NOT_FOUND', 404, 'No saved search of yours has this id'));

const toSavedSearch = (row: Row): SavedSearch => ({ id: row.id, name: row.name, q: row.q, createdAt: row.createdAt.toISOString() });

/** The user's saved searches, newest first. */
export async function listSavedSearches({ db, user }: { db: Db; user: { id: string } }): Promise<SavedSearchListResponse> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES_PER_USER);
  return { items: rows.map(toSavedSearch) };
}

/** Keeps a search: its query read with the language (QUERY_INVALID otherwise), within the plan's number. */
export async function createSavedSearch({ db, user, plan, lang, data }: { db: Db; user: { id: string }; plan: PlanId; lang: Lang; data: CreateSavedSearchRequest }): Promise<SavedSearch> {
  readSearchQuery(data.q, lang);
  const row = await db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
    checkRoom({
      used: Number(kept?.n ?? 0),
      planLimit: planLimits(plan).savedSearches,
      hardCap: MAX_SAVED_SEARCHES_PER_USER,
      feature: 'savedSearches',
      capText: `A user can keep at most ${MAX_SAVED_SEARCHES_PER_USER} saved searches`,
    });
    const [created] = await tx.insert(savedSearches).values({ id: randomUUID(), userId: user.id, name: data.name, q: data.q }).returning();
    return created!;
  });
  return toSavedSearch(row);
}

/** Removes one of the user's saved searches; another user's, or a missing one, is SEARCH_NOT_FOUND. */
export const deleteSavedSearch = ({ db, user, id }: { db: Db; user: { id: string }; id: string }) => searchAccess.remove(db, user, id);
