import { describe, expect, it } from 'vitest';
import { clearedSearch, defaultSort, invalidFilterNames, orderTogglePatch, pageCountOf, pagePatch, sortPatch, viewOf, withView } from './cards-page-state';

describe('card library page state', () => {
  it('takes the view from the link, then the stored choice, then the grid', () => {
    expect(viewOf(new URLSearchParams('view=list'), 'grid')).toBe('list');
    expect(viewOf(new URLSearchParams('q=zoro'), 'list')).toBe('list');
    expect(viewOf(new URLSearchParams(''), null)).toBe('grid');
  });

  it('sets the view without touching the search or the page', () => {
    expect(withView(new URLSearchParams('q=zoro&page=3&view=grid'), 'list').toString()).toBe('q=zoro&page=3&view=list');
  });

  it('clears the search but keeps the view', () => {
    expect(clearedSearch(new URLSearchParams('q=zoro&color=Red&page=2&view=list')).toString()).toBe('view=list');
    expect(clearedSearch(new URLSearchParams('q=zoro&page=2')).toString()).toBe('');
  });

  it('leaves the defaults out of the URL: number sort, ascending order, page 1', () => {
    expect(sortPatch('number')).toEqual({ sort: undefined });
    expect(sortPatch('power')).toEqual({ sort: 'power' });
    // With a search text, relevance is the default and a number sort must be asked for.
    expect(defaultSort(' nami ')).toBe('relevance');
    expect(defaultSort('  ')).toBe('number');
    expect(sortPatch('relevance', 'nami')).toEqual({ sort: undefined });
    expect(sortPatch('number', 'nami')).toEqual({ sort: 'number' });
    expect(orderTogglePatch(undefined)).toEqual({ order: 'desc' });
    expect(orderTogglePatch('desc')).toEqual({ order: undefined });
    expect(pagePatch(1)).toEqual({ page: undefined });
    expect(pagePatch(4)).toEqual({ page: '4' });
  });

  it('counts pages, with one page while loading or for no results', () => {
    expect(pageCountOf(undefined, 48)).toBe(1);
    expect(pageCountOf(0, 48)).toBe(1);
    expect(pageCountOf(48, 48)).toBe(1);
    expect(pageCountOf(49, 48)).toBe(2);
  });

  it('names each invalid filter once', () => {
    expect(invalidFilterNames(['color.0', 'color.1', 'sort'])).toBe('color, sort');
    expect(invalidFilterNames([])).toBe('');
  });
});
