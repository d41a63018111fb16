import type { CardSet, SetDetailResponse, SetListResponse } from '@grandline/core/contracts/sets';
import type { GameCategory } from '@grandline/core/games';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardSets, cards } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { cardColumns, toCard } from '../cards/card-row';

const setColumns = {
  code: cardSets.code,
  name: cardSets.name,
  slug: cardSets.slug,
  kind: cardSets.kind,
  releaseYear: cardSets.releaseYear,
  size: cardSets.size,
  gameCategory: cardSets.gameCategory,
};

const toSet = (row: { [K in keyof typeof setColumns]: unknown } & Record<string, unknown>): CardSet => row as CardSet;

export async function listSets({ db, game = 'onepiece' }: { db: Db; game?: GameCategory }): Promise<SetListResponse> {
  const rows = await db.select(setColumns).from(cardSets).where(eq(cardSets.gameCategory, game)).orderBy(asc(cardSets.sortOrder));
  return { items: rows.map(toSet) };
}

export async function getSet({ db, slug }: { db: Db; slug: string }): Promise<SetDetailResponse> {
  const [set] = await db.select({ id: cardSets.id, ...setColumns }).from(cardSets).where(eq(cardSets.slug, slug.toLowerCase()));
  if (!set) throw notFound('SET_NOT_FOUND', 'Set not found');
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(cards.setId, set.id))
    .orderBy(asc(cards.cardNumber), asc(cards.printOrder), asc(cards.id));
  const { id: _id, ...rest } = set;
  return { ...toSet(rest), cards: rows.map(toCard) };
}
