import type { CardSet } from '@grandline/core/contracts/sets';

/**
 * The newest boosters and extra boosters: by English release day, then year; a product with neither by its code
 * (OP-17 after OP-16), so one the card data gives no date no longer falls to the end.
 */
export function latestSets<T extends Pick<CardSet, 'kind' | 'code' | 'releaseDate' | 'releaseYear'>>(items: readonly T[], count: number): T[] {
  return items
    .filter((s) => s.kind === 'booster' || s.kind === 'extra')
    .sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') || (b.releaseYear ?? 0) - (a.releaseYear ?? 0) || (b.code ?? '').localeCompare(a.code ?? '', 'en', { numeric: true }))
    .slice(0, count);
}
