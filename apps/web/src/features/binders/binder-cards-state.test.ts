import { describe, expect, it } from 'vitest';
import {
  ALL,
  allPicked,
  choiceOf,
  isFiltered,
  orderToggle,
  pageCountOf,
  pageOf,
  searchChange,
  togglePage,
  toggleRow,
  viewChange,
  viewOf,
  withChanges,
} from './binder-cards-state';

const params = (query: string) => new URLSearchParams(query);

describe('binder cards page state', () => {
  it('reads the view and the page from the URL', () => {
    expect(viewOf(params('view=list'))).toBe('list');
    expect(viewOf(params('view=table'))).toBe('grid');
    expect(viewOf(params(''))).toBe('grid');
    expect(pageOf(params('page=3'))).toBe(3);
    expect(pageOf(params('page=0'))).toBe(1);
    expect(pageOf(params('page=abc'))).toBe(1);
  });

  it('changes the URL: empty and ALL values leave it, and a change starts again on page 1 unless told', () => {
    expect(withChanges(params('q=zoro&page=3&view=list'), { color: 'Red' }).toString()).toBe('q=zoro&view=list&color=Red');
    expect(withChanges(params('set=op01&color=Red'), { set: ALL, color: '' }).toString()).toBe('');
    expect(withChanges(params('q=zoro&page=2'), { q: null }).toString()).toBe('');
    expect(withChanges(params('page=2'), { page: '3' }, true).toString()).toBe('page=3');
    expect(withChanges(params('page=2'), viewChange('list'), true).toString()).toBe('page=2&view=list');
  });

  it('keeps the defaults out of the URL: the grid, ascending order, no search', () => {
    expect(viewChange('grid')).toEqual({ view: null });
    expect(viewChange('list')).toEqual({ view: 'list' });
    expect(orderToggle('asc')).toEqual({ order: 'desc' });
    expect(orderToggle(undefined)).toEqual({ order: 'desc' });
    expect(orderToggle('desc')).toEqual({ order: null });
    expect(searchChange('  luffy ')).toEqual({ q: 'luffy' });
    expect(searchChange('   ')).toEqual({ q: null });
  });

  it('turns the "any" choice into null for the API', () => {
    expect(choiceOf(ALL)).toBeNull();
    expect(choiceOf('NM')).toBe('NM');
  });

  it('counts pages, with one page while loading or for no rows', () => {
    expect(pageCountOf(undefined, 60)).toBe(1);
    expect(pageCountOf(0, 60)).toBe(1);
    expect(pageCountOf(60, 60)).toBe(1);
    expect(pageCountOf(61, 60)).toBe(2);
  });

  it('knows when a search or a filter narrows the rows', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ sort: 'name', order: 'desc', page: 2 })).toBe(false);
    expect(isFiltered({ q: 'zoro' })).toBe(true);
    expect(isFiltered({ rarity: 'SR' })).toBe(true);
  });

  it('picks rows one by one and a page at a time, keeping the picks of other pages', () => {
    const none = new Set<number>();
    expect([...toggleRow(none, 4)]).toEqual([4]);
    expect([...toggleRow(new Set([4, 5]), 4)]).toEqual([5]);
    expect(allPicked(none, [])).toBe(false);
    expect(allPicked(new Set([1, 2, 9]), [1, 2])).toBe(true);
    expect([...togglePage(new Set([9, 1]), [1, 2])].sort()).toEqual([1, 2, 9]);
    expect([...togglePage(new Set([9, 1, 2]), [1, 2])]).toEqual([9]);
  });

  it('does not change the set it was given', () => {
    const picked = new Set([1]);
    toggleRow(picked, 2);
    togglePage(picked, [3]);
    expect([...picked]).toEqual([1]);
  });
});
