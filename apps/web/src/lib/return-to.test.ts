// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, safeReturnPath, takeReturnTo } from './return-to';

beforeEach(() => localStorage.clear());

describe('return path', () => {
  it('accepts only paths of this site, and never the sign-in screens', () => {
    expect(safeReturnPath('/mydecks?sort=name#top')).toBe('/mydecks?sort=name#top');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'mydecks', '', null, '/auth', '/auth?type=recovery', '/auth/callback', '/signup', '/consent?return=/x']) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(safeReturnPath('/authors')).toBe('/authors');
  });

  it('is kept in memory and in local storage under returnTo, and forgotten once taken', () => {
    rememberReturnTo('/collection/new');
    expect(localStorage.getItem('returnTo')).toBe('/collection/new');
    expect(takeReturnTo('/dashboard')).toBe('/collection/new');
    expect(localStorage.getItem('returnTo')).toBeNull();
    expect(takeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it('survives a reload through local storage, and ignores a tampered value', () => {
    localStorage.setItem('returnTo', '/wishlist');
    expect(takeReturnTo('/dashboard')).toBe('/wishlist');
    localStorage.setItem('returnTo', 'https://evil.example/');
    expect(takeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it('does not remember unsafe paths', () => {
    rememberReturnTo('//evil.example');
    expect(localStorage.getItem('returnTo')).toBeNull();
  });
});
