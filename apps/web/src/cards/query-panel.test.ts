import { describe, expect, it } from 'vitest';
import { filterText, migrateLegacyParams, panelFilterCount, panelOf, withPanel } from './query-panel';

describe('the filter panel and the query are one state', () => {
  it('choosing Red writes c:red; a second color makes an or group; the panel reads both back', () => {
    const one = withPanel('', { color: ['Red'] });
    expect(one).toBe('c:red');
    expect(panelOf(one)).toEqual({ color: ['Red'] });
    const two = withPanel(one, { color: ['Red', 'Green'] });
    expect(two).toBe('(c:red or c:green)');
    expect(panelOf(two)).toEqual({ color: ['Red', 'Green'] });
    expect(withPanel(two, { color: [] })).toBe('');
  });

  it('typing c:red, color=red or r=sr lights the chips; aliases and case do not matter', () => {
    expect(panelOf('luffy C:Red')).toEqual({ color: ['Red'] });
    expect(panelOf('color:red or c:blue')).toEqual({ color: ['Red', 'Blue'] });
    expect(panelOf('r=sr t:Leader a:slash counter:0 block:x')).toEqual({ rarity: ['SR'], type: ['Leader'], attribute: ['Slash'], counter: ['0'], block: ['X'] });
    expect(panelOf('cost>=3 cost<=5 power>=5000 price<=2.5 set:op-05 t="Straw Hat Crew" is:base')).toEqual({
      costMin: 3,
      costMax: 5,
      powerMin: 5000,
      priceMax: 2.5,
      set: 'op-05',
      subtype: 'Straw Hat Crew',
      variations: false,
    });
  });

  it('terms the panel cannot show stay in the text and light nothing', () => {
    expect(panelOf('c:rg -c:red c=red (c:red t:leader) c:red or luffy')).toEqual({});
    expect(panelOf('cost=3 t:navy r>sr')).toEqual({});
    // Only the first term of a filter drives it; a second one is text.
    expect(panelOf('c:red c:blue')).toEqual({ color: ['Red'] });
    expect(panelOf('c:purplish')).toEqual({});
  });

  it('keeps every other part of the query as typed', () => {
    expect(withPanel('o:[On Play] -(t:navy or n:"x y") c:red luffy', { color: ['Blue'], costMax: 4 })).toBe('o:[On Play] -(t:navy or n:"x y") luffy c:blue cost<=4');
    expect(withPanel('zoro or nami', { type: ['Leader'] })).toBe('(zoro or nami) t:leader');
    expect(withPanel('zoro or nami', { type: [] })).toBe('zoro or nami');
    expect(withPanel('foo:bar', { color: ['Red'] })).toBe('foo:bar c:red');
  });

  it('writes each filter as documented in docs/search-language.md', () => {
    expect(filterText('rarity', ['SP CARD', 'SEC'])).toBe('(r:sp or r:sec)');
    expect(filterText('subtype', 'Straw Hat Crew')).toBe('t="Straw Hat Crew"');
    expect(filterText('counter', ['0'])).toBe('counter:0');
    expect(filterText('block', ['X', '3'])).toBe('(block:x or block:3)');
    expect(filterText('priceMin', 0.5)).toBe('price>=0.5');
    expect(filterText('variations', false)).toBe('is:base');
    expect(filterText('attribute', ['Wisdom'])).toBe('a:wisdom');
    expect(panelFilterCount('c:red cost<=3 luffy')).toBe(2);
  });
});

describe('old links with the structured parameters', () => {
  it('are read into q and the parameters leave the link', () => {
    const next = migrateLegacyParams(new URLSearchParams('q=zoro&color=Red,Green&type=Leader&costMin=3&variations=false&set=op-01&sort=cost&page=3'))!;
    expect(next.get('q')).toBe('zoro (c:red or c:green) t:leader set:op-01 cost>=3 is:base');
    expect([...next.keys()].sort()).toEqual(['q', 'sort']);
    expect(panelOf(next.get('q')!)).toMatchObject({ color: ['Red', 'Green'], type: ['Leader'], costMin: 3, set: 'op-01', variations: false });
  });

  it('keep what the language cannot say as it is, and a link without them is left alone', () => {
    const next = migrateLegacyParams(new URLSearchParams('set=one-piece-promotion-cards&color=Pink&rarity=sr'))!;
    expect(next.get('set')).toBe('one-piece-promotion-cards');
    expect(next.get('color')).toBe('Pink');
    expect(next.get('q')).toBe('r:sr');
    expect(migrateLegacyParams(new URLSearchParams('q=c:red&sort=cost'))).toBeNull();
    expect(migrateLegacyParams(new URLSearchParams('color=Pink'))).toBeNull();
  });
});
