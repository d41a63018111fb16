import type { Card } from '@grandline/core/contracts/cards';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardSets, cards } from '../db/schema/index';
import { cardColumns, toCard } from './card-row';

/** Every print of the library in memory, by id and by card number: the deck rules read it on each request. */
export interface CatalogueIndex {
  byId: Map<number, Card>;
  /** `${game}:${number}` → the base print (the first non-variation print of that number). */
  baseByNumber: Map<string, Card>;
  /** `${game}:${number}_${variant}` → that print. */
  byVariant: Map<string, Card>;
  /** `${setCode}:${number}` → the prints of that number in that set, base print first. */
  bySetNumber: Map<string, Card[]>;
  /** The library's set codes (OP-01, ST-01, EB-01, PRB-01…). */
  setCodes: Set<string>;
  /** Set slug → distinct card numbers printed in it (its size for completion). */
  setSizes: Map<string, number>;
  /** Print id → its place in the library order: card number (numeric), base print first, then id. */
  rank: Map<number, number>;
}

let loading: Promise<CatalogueIndex> | null = null;
let generation = 0;

/** Changes whenever the index is cleared, so caches derived from the library know they are stale. */
export const catalogueGeneration = () => generation;

/** The index, built once per process from the database (about 5,000 prints); cleared when the library is re-imported. */
export function catalogueIndex(db: Db): Promise<CatalogueIndex> {
  loading ??= build(db).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export function clearCatalogueIndex() {
  loading = null;
  generation++;
}

async function build(db: Db): Promise<CatalogueIndex> {
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .orderBy(asc(cards.gameCategory), asc(cards.cardNumber), asc(cards.printOrder));
  const index: CatalogueIndex = { byId: new Map(), baseByNumber: new Map(), byVariant: new Map(), bySetNumber: new Map(), setCodes: new Set(), setSizes: new Map(), rank: new Map() };
  const numbersBySet = new Map<string, Set<string>>();
  for (const row of rows) {
    const card = toCard(row as Parameters<typeof toCard>[0]);
    index.byId.set(card.id, card);
    const key = `${card.gameCategory}:${card.cardNumber}`;
    if (card.variant) index.byVariant.set(`${key}_${card.variant}`, card);
    const base = index.baseByNumber.get(key);
    if (!base || (base.isVariation && !card.isVariation)) index.baseByNumber.set(key, card);
    if (card.set) {
      if (card.set.code) {
        index.setCodes.add(card.set.code);
        const setKey = `${card.set.code}:${card.cardNumber}`;
        const prints = index.bySetNumber.get(setKey);
        if (!prints) index.bySetNumber.set(setKey, [card]);
        else if (!card.isVariation && prints[0]!.isVariation) prints.unshift(card);
        else prints.push(card);
      }
      const numbers = numbersBySet.get(card.set.slug) ?? new Set<string>();
      numbers.add(card.cardNumber);
      numbersBySet.set(card.set.slug, numbers);
    }
  }
  for (const [slug, numbers] of numbersBySet) index.setSizes.set(slug, numbers.size);
  const collator = new Intl.Collator('en', { numeric: true });
  [...index.byId.values()]
    .sort((a, b) => collator.compare(a.cardNumber, b.cardNumber) || Number(a.isVariation) - Number(b.isVariation) || a.id - b.id)
    .forEach((card, i) => index.rank.set(card.id, i));
  return index;
}
