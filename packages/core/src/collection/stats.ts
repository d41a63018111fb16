import type { Card } from '../contracts/cards';
import type { CollectionStats } from '../contracts/binders';

/** Counts of a binder or portfolio: copies by set, color, rarity and type, and completion of each set it touches. */
export function collectionStats(
  rows: readonly { card: Card; quantity: number }[],
  setSize: (slug: string) => number,
): CollectionStats {
  const bySet = new Map<string, number>();
  const byColor = new Map<string, number>();
  const byRarity = new Map<string, number>();
  const byType = new Map<string, number>();
  const prints = new Set<number>();
  const numbers = new Set<string>();
  const ownedBySet = new Map<string, { set: NonNullable<Card['set']>; numbers: Set<string> }>();
  let cardCount = 0;
  const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);
  for (const { card, quantity } of rows) {
    cardCount += quantity;
    prints.add(card.id);
    numbers.add(card.cardNumber);
    add(bySet, card.set?.code ?? card.set?.name ?? '—', quantity);
    for (const color of card.colors) add(byColor, color, quantity);
    add(byRarity, card.rarity, quantity);
    add(byType, card.cardType, quantity);
    if (card.set) {
      const entry = ownedBySet.get(card.set.slug) ?? { set: card.set, numbers: new Set<string>() };
      entry.numbers.add(card.cardNumber);
      ownedBySet.set(card.set.slug, entry);
    }
  }
  const sorted = (m: Map<string, number>) => [...m].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const completion = [...ownedBySet.values()]
    .map(({ set, numbers: owned }) => ({ code: set.code, name: set.name, slug: set.slug, owned: owned.size, size: Math.max(setSize(set.slug), owned.size) }))
    .sort((a, b) => b.owned / b.size - a.owned / a.size || (a.code ?? a.name).localeCompare(b.code ?? b.name, 'en', { numeric: true }));
  return {
    cardCount,
    distinctCount: prints.size,
    distinctNumbers: numbers.size,
    bySet: sorted(bySet),
    byColor: sorted(byColor),
    byRarity: sorted(byRarity),
    byType: sorted(byType),
    completion,
  };
}
