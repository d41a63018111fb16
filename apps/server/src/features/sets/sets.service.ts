import type { MarketplaceId, PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { collectionValue } from '@grandline/core/prices/value';
import type { PriceConfig } from '../../lib/price-config';
import { priceSummaries } from '../prices/prices.service';
import type { CardSet, SetDetailResponse, SetListResponse } from '@grandline/core/contracts/sets';
import type { GameCategory } from '@grandline/core/games';
import { asc, eq, sql } from 'drizzle-orm';
import { productName } from '@grandline/core/set-code';
import type { Db } from '../../db/client';
import { cardSets, cards } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { cardColumns, toCard } from '../../catalogue/card-row';

const setColumns = {
  code: cardSets.code,
  name: cardSets.name,
  slug: cardSets.slug,
  kind: cardSets.kind,
  releaseYear: cardSets.releaseYear,
  releaseDate: cardSets.releaseDate,
  size: cardSets.size,
  gameCategory: cardSets.gameCategory,
  // Distinct card numbers printed in the product: what set completion counts ("cards"), beside its prints (size).
  cardNumbers: sql<number>`(select count(distinct printed.card_number) from ${cards} printed where printed.set_id = "card_sets"."id")`.mapWith(Number),
};

/** A set as the API gives it: its name as players write it (core's productName: no shouting capitals). */
const toSet = (row: { [K in keyof typeof setColumns]: unknown } & Record<string, unknown>): CardSet => ({ ...(row as CardSet), name: productName(row.name as string) });

export async function listSets({ db, game = 'onepiece' }: { db: Db; game?: GameCategory }): Promise<SetListResponse> {
  const rows = await db.select(setColumns).from(cardSets).where(eq(cardSets.gameCategory, game)).orderBy(asc(cardSets.sortOrder));
  return { items: rows.map(toSet) };
}

export async function getSet({
  db,
  slug,
  value,
}: {
  db: Db;
  slug: string;
  /** With a market: the set's value (one copy of every print) and each print's price. */
  value?: { market: MarketplaceId; priceType: PriceType; currency: CurrencyCode; config: PriceConfig };
}): Promise<SetDetailResponse> {
  const [set] = await db.select({ id: cardSets.id, ...setColumns }).from(cardSets).where(eq(cardSets.slug, slug.toLowerCase()));
  if (!set) throw notFound('SET_NOT_FOUND', 'Set not found');
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(cards.setId, set.id))
    .orderBy(asc(cards.cardNumber), asc(cards.printOrder), asc(cards.id));
  const { id: _id, ...rest } = set;
  const answer: SetDetailResponse = { ...toSet(rest), cards: rows.map(toCard) };
  if (value) {
    const prices = await priceSummaries({ db, cardIds: answer.cards.map((c) => c.id), market: value.market, currency: value.currency, config: value.config });
    const worth = collectionValue(answer.cards.map((c) => ({ cardId: c.id, quantity: 1, paidCents: null })), prices, value.priceType);
    answer.value = {
      market: value.market,
      priceType: value.priceType,
      currency: value.currency,
      total: worth.total,
      pricedPrints: worth.pricedCopies,
      unpricedPrints: worth.unpricedCopies,
      demo: worth.demo,
      estimate: worth.estimate,
    };
    answer.prices = Object.fromEntries([...prices].map(([id, p]) => [String(id), p]));
  }
  return answer;
}
