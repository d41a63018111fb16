import i18next from 'i18next';
import { sessionEvent } from '@/lib/session';
import { notify } from '@/lib/toast';
import { authApi } from './api/auth-api';

/**
 * Normal sign-out (spec §4): this browser's session only; the cached consent is cleared even on failure.
 * On success the user is told and goes to / (left before the session is cleared, so signed-in pages do
 * not bounce to /auth on the way).
 */
export async function signOut(navigate: (to: string) => unknown): Promise<boolean> {
  try {
    await authApi.signOut();
    await navigate('/');
    await sessionEvent('SIGNED_OUT');
    notify.success(i18next.t('auth.signedOut', { ns: 'account' }));
    return true;
  } catch {
    await sessionEvent('SIGNED_OUT').catch(() => undefined);
    notify.error(i18next.t('auth.signOutFailed', { ns: 'account' }), { description: i18next.t('auth.signOutFailedHint', { ns: 'account' }) });
    return false;
  }
}

/**
 * Everything this site keeps in the browser, except the selected language and currency (the session
 * cookie is HttpOnly and stays): local storage, caches, IndexedDB, service workers — at most 1.5 s.
 */
export async function clearBrowserData(keep: string[]) {
  const kept = keep.map((key) => [key, window.localStorage.getItem(key)] as const);
  try {
    window.localStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
  } catch (err) {
    console.warn('Could not clear local storage', err);
  }
  const work = Promise.allSettled([
    'caches' in window ? caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))) : Promise.resolve(),
    'indexedDB' in window && typeof indexedDB.databases === 'function'
      ? indexedDB.databases().then((dbs) => dbs.forEach((db) => db.name && indexedDB.deleteDatabase(db.name)))
      : Promise.resolve(),
    'serviceWorker' in navigator
      ? navigator.serviceWorker.getRegistrations().then((regs) => Promise.all(regs.map((r) => r.unregister())))
      : Promise.resolve(),
  ]);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 1500))]);
}
