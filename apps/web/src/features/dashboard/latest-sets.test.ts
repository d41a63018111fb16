import { describe, expect, it } from 'vitest';
import type { CardSet } from '@grandline/core/contracts/sets';
import { latestSets } from './latest-sets';

const set = (code: string, releaseDate: string | null, kind: CardSet['kind'] = 'booster', releaseYear: number | null = releaseDate ? Number(releaseDate.slice(0, 4)) : null) => ({
  code,
  releaseDate,
  releaseYear,
  kind,
});

describe('latest sets', () => {
  it('orders boosters and extra boosters by release day, starters and promos left out', () => {
    const items = [set('OP-12', '2025-08-22'), set('OP-17', '2026-08-28'), set('EB-03', '2026-02-20', 'extra'), set('ST-29', '2026-01-16', 'starter'), set('OP-15-EB04', '2026-04-03'), set('OP-16', '2026-06-12')];
    expect(latestSets(items, 4).map((s) => s.code)).toEqual(['OP-17', 'OP-16', 'OP-15-EB04', 'EB-03']);
  });

  it('orders products without a day by year, then by code with numbers read as numbers', () => {
    const items = [set('OP-9', null, 'booster', 2024), set('OP-10', null, 'booster', 2024), set('OP-08', null, 'booster', 2023)];
    expect(latestSets(items, 3).map((s) => s.code)).toEqual(['OP-10', 'OP-9', 'OP-08']);
  });
});
