import { describe, expect, it } from 'vitest';
import { createLocalEvents } from '../db/client';
import { SessionCache } from './session-cache';

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id, emailVerified: true, role: 'user' });
const headers = (cookie: string) => new Headers({ cookie });

describe('SessionCache', () => {
  it('finds the session cookie by its plain or secure name, and nothing else', () => {
    const cache = new SessionCache(60_000);
    expect(cache.keyOf(headers('theme=dark; better-auth.session_token=abc.sig; x=1'))).toBe('abc.sig');
    expect(cache.keyOf(headers('__Secure-better-auth.session_token=def.sig'))).toBe('def.sig');
    expect(cache.keyOf(headers('better-auth.session_token=; other=1'))).toBeNull();
    expect(cache.keyOf(headers('xbetter-auth.session_token=abc'))).toBeNull();
    expect(cache.keyOf(new Headers())).toBeNull();
  });

  it('forgets an entry after its TTL or its session’s expiry, whichever comes first', () => {
    let now = 1_000;
    const cache = new SessionCache(60_000, () => now);
    cache.set('a', user('u1'), now + 10_000, cache.epoch);
    cache.set('b', user('u2'), now + 600_000, cache.epoch);
    now += 9_999;
    expect(cache.get('a')?.user.id).toBe('u1');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe('u2');
    now += 50_000;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that began before an invalidation, nor anything when turned off', async () => {
    const cache = new SessionCache(60_000);
    const epoch = cache.epoch;
    await cache.invalidateUser('someone-else');
    cache.set('a', user('u1'), Date.now() + 60_000, epoch);
    expect(cache.get('a')).toBeUndefined();
    const off = new SessionCache(0);
    off.set('a', user('u1'), Date.now() + 60_000, off.epoch);
    expect(off.get('a')).toBeUndefined();
  });

  it('drops every session of a user, here and in another process listening on the same events', async () => {
    const events = createLocalEvents();
    const here = new SessionCache(60_000);
    const there = new SessionCache(60_000);
    await here.connect(events);
    await there.connect(events);
    for (const cache of [here, there]) {
      cache.set('a1', user('u1'), Date.now() + 60_000, cache.epoch);
      cache.set('a2', user('u1'), Date.now() + 60_000, cache.epoch);
      cache.set('b', user('u2'), Date.now() + 60_000, cache.epoch);
    }
    await here.invalidateUser('u1');
    expect([here.get('a1'), here.get('a2')]).toEqual([undefined, undefined]);
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect([there.get('a1'), there.get('a2')]).toEqual([undefined, undefined]);
    expect(there.get('b')?.user.id).toBe('u2');
    events.close();
  });

  it('fills an entry with later reads only while it is the current one', async () => {
    const cache = new SessionCache(60_000);
    const entry = cache.set('a', user('u1'), Date.now() + 60_000, cache.epoch);
    const epoch = cache.epoch;
    cache.fill('a', entry, epoch, { me: { ok: true } });
    expect(cache.get('a')?.me).toEqual({ ok: true });
    await cache.invalidateUser('u1');
    cache.fill('a', entry, epoch, { terms: { tosAccepted: true, tosVersion: '1', tosTimestamp: null, currentTosVersion: '1' } });
    expect(cache.get('a')).toBeUndefined();
  });
});
