import { describe, expect, it } from 'vitest';
import { appPage } from './app-pages';

describe('appPage', () => {
  it('names the item an address shows, or null where the app has no page', () => {
    expect(appPage('/')).toEqual({ kind: 'page' });
    expect(appPage('/collection/new')).toEqual({ kind: 'page' });
    expect(appPage('/deck/new')).toEqual({ kind: 'page' });
    expect(appPage('/cards/onepiece/123-OP01-001-roronoa-zoro')).toEqual({ kind: 'card', id: 123 });
    expect(appPage('/cards/onepiece/roronoa-zoro')).toBeNull();
    expect(appPage('/deck/abc/edit')).toEqual({ kind: 'deck', id: 'abc' });
    expect(appPage('/collection/abc/')).toEqual({ kind: 'binder', id: 'abc' });
    expect(appPage('/u/nami_chan')).toEqual({ kind: 'profile', username: 'nami_chan' });
    expect(appPage('/sets/op-01')).toEqual({ kind: 'set', slug: 'op-01' });
    expect(appPage('/meta')).toEqual({ kind: 'page' });
    expect(appPage('/trades')).toEqual({ kind: 'page' });
    expect(appPage('/meta/leaders/OP01-001')).toEqual({ kind: 'page' });
    expect(appPage('/meta/tournaments/abc%20d')).toEqual({ kind: 'tournament', id: 'abc d' });
    for (const unknown of ['/nothing', '/cards/onepiece', '/deck/a/b', '/u/%E0%A4%A', '/meta/x', '/meta/tournaments/a/b', `/${'x'.repeat(600)}`]) expect(appPage(unknown), unknown).toBeNull();
  });
});
