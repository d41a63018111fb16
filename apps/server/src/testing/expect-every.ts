import { expect } from 'vitest';

/**
 * Every item passes `check`, and there are at least `minimum` of them: `expect(items.every(check)).toBe(true)`
 * also passes on an empty list, so a filter that finds nothing would go unnoticed. Failing items are shown.
 */
export function expectEvery<T>(items: readonly T[], check: (item: T) => boolean, minimum = 1) {
  expect(items.length, `at least ${minimum} item(s)`).toBeGreaterThanOrEqual(minimum);
  expect(items.filter((item) => !check(item))).toEqual([]);
}
