import { describe, expect, it } from 'vitest';
import { activeFilterCount, applyQueryPatch, queryFromSearchParams } from './search-params';

describe('card search URL state', () => {
  it('reads filters from the URL', () => {
    const q = queryFromSearchParams(new URLSearchParams('q=zoro&color=Red,Green&type=Leader&costMax=5&page=2'));
    expect(q).toMatchObject({ q: 'zoro', color: ['Red', 'Green'], type: ['Leader'], costMax: 5, page: 2, pageSize: 48 });
    expect(activeFilterCount(q)).toBe(3);
  });
  it('drops invalid values but keeps the valid ones', () => {
    const q = queryFromSearchParams(new URLSearchParams('color=Pink&type=Leader&page=-3&sort=bogus'));
    expect(q.color).toBeUndefined();
    expect(q.type).toEqual(['Leader']);
    expect(q.page).toBe(1);
    expect(q.sort).toBeUndefined();
  });
  it('resets the page on filter changes and removes emptied filters', () => {
    const next = applyQueryPatch(new URLSearchParams('q=zoro&page=3&color=Red'), { color: [] });
    expect(next.toString()).toBe('q=zoro');
    const paged = applyQueryPatch(new URLSearchParams('q=zoro'), { page: '2' });
    expect(paged.get('page')).toBe('2');
  });
});
