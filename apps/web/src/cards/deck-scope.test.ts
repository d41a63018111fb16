import { describe, expect, it } from 'vitest';
import { scopedQuery, scopeTerms } from './deck-scope';

describe("the deck editor's scope", () => {
  it('is legal:<format> and c<=<leader colors>, as chips', () => {
    expect(scopeTerms('standard', ['Green', 'Red'])).toEqual([
      { key: 'legal', text: 'legal:standard' },
      { key: 'color', text: 'c<=red/green' },
    ]);
    expect(scopeTerms('extra', [])).toEqual([{ key: 'legal', text: 'legal:extra' }]);
    expect(scopeTerms(undefined, [])).toEqual([]);
  });
  it("is ANDed with the user's query, an or in parentheses", () => {
    const scope = scopeTerms('standard', ['Red']);
    expect(scopedQuery('', scope)).toBe('legal:standard c<=red');
    expect(scopedQuery('zoro or nami', scope)).toBe('legal:standard c<=red (zoro or nami)');
    expect(scopedQuery('o:[Rush]', scope.slice(1))).toBe('c<=red o:[Rush]');
    expect(scopedQuery('luffy', [])).toBe('luffy');
  });
});
