import { describe, expect, it } from 'vitest';
import { activeFilterCount, applyQueryPatch, queryFromSearchParams, withoutInvalidParams } from './search-params';

describe('card search URL state', () => {
  it('reads filters from the URL', () => {
    const q = queryFromSearchParams(new URLSearchParams('q=zoro&color=Red,Green&type=Leader&costMax=5&page=2'));
    expect(q).toMatchObject({ q: 'zoro', color: ['Red', 'Green'], type: ['Leader'], costMax: 5, page: 2, pageSize: 48 });
    expect(activeFilterCount(q)).toBe(3);
  });
  it('passes values through for the API to validate, and falls back to page 1', () => {
    const q = queryFromSearchParams(new URLSearchParams('color=Pink&type=Leader&page=-3&sort=bogus&costMin=x&variations=false'));
    expect(q).toMatchObject({ color: ['Pink'], type: ['Leader'], page: 1, sort: 'bogus', costMin: 'x', variations: false });
    expect(queryFromSearchParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });
  it('removes the parameters an API validation error names', () => {
    const next = withoutInvalidParams(new URLSearchParams('color=Pink&type=Leader&page=3&sort=bogus'), ['color.0', 'sort']);
    expect(next.toString()).toBe('type=Leader');
  });
  it('resets the page on filter changes and removes emptied filters', () => {
    const next = applyQueryPatch(new URLSearchParams('q=zoro&page=3&color=Red'), { color: [] });
    expect(next.toString()).toBe('q=zoro');
    const paged = applyQueryPatch(new URLSearchParams('q=zoro'), { page: '2' });
    expect(paged.get('page')).toBe('2');
  });
});
