// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parsePreferenceCookie, PREFERENCE_COOKIE, renderPreferences, setServerStorage, storage } from './storage';

const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${PREFERENCE_COOKIE}=`))
    ?.slice(PREFERENCE_COOKIE.length + 1);

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('light');
  setServerStorage(null);
});

describe('the preference cookie (what the server draws pages with)', () => {
  it('follows each change of a preference that changes how a page is drawn, with the theme shown', () => {
    storage.set('selectedCurrency', 'BRL');
    document.documentElement.classList.add('light');
    storage.set('selectedLanguage', 'pt');
    const sent = parsePreferenceCookie(`other=1; ${PREFERENCE_COOKIE}=${cookieValue()}`);
    expect(sent).toEqual({ selectedCurrency: 'BRL', selectedLanguage: 'pt', theme: 'light' });
    storage.remove('selectedCurrency');
    expect(parsePreferenceCookie(`${PREFERENCE_COOKIE}=${cookieValue()}`)).toEqual({ selectedLanguage: 'pt', theme: 'light' });
    // Other keys (a return address, the quick-add target) never reach the cookie.
    storage.set('returnTo', '/collection');
    expect(parsePreferenceCookie(`${PREFERENCE_COOKIE}=${cookieValue()}`)).not.toHaveProperty('returnTo');
  });

  it('reads only the known keys with short values, and survives a broken cookie', () => {
    expect(parsePreferenceCookie(`${PREFERENCE_COOKIE}=${encodeURIComponent('selectedCurrency=EUR&evil=1&cardsView=' + 'x'.repeat(40))}`)).toEqual({ selectedCurrency: 'EUR' });
    expect(parsePreferenceCookie(`${PREFERENCE_COOKIE}=%E0%A4%A`)).toEqual({});
    expect(parsePreferenceCookie(undefined)).toEqual({});
  });

  it('is what storage reads on the server', () => {
    localStorage.setItem('selectedCurrency', 'USD');
    expect(renderPreferences()).toEqual({ selectedCurrency: 'USD' });
    // In the browser, the server values are never read.
    setServerStorage({ selectedCurrency: 'JPY' });
    expect(storage.get('selectedCurrency')).toBe('USD');
  });
});
