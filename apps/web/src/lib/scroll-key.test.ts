import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key';

describe('scroll positions', () => {
  it('keeps one per history entry, and one per address for full page loads (all of them are the entry "default")', () => {
    expect(scrollKey({ key: 'a1b2c3', pathname: '/cards', search: '?q=zoro' })).toBe('a1b2c3');
    expect(scrollKey({ key: 'default', pathname: '/cards', search: '?q=zoro' })).toBe('load:/cards?q=zoro');
    expect(scrollKey({ key: 'default', pathname: '/sets', search: '' })).not.toBe(scrollKey({ key: 'default', pathname: '/cards', search: '' }));
  });
});
