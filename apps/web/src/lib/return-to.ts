import { STORAGE_KEYS } from '@grandline/core/locales';
import { storage } from './storage';

let inMemory: string | null = null;

/** Only paths of this site, and never the sign-in screens themselves (spec §3: return path). */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (/^\/(auth|signup|consent)(\/|\?|$)/.test(path)) return null;
  return path;
}

/** Keeps where the visitor wanted to go, in memory and in local storage (key returnTo). */
export function rememberReturnTo(path: string) {
  const safe = safeReturnPath(path);
  if (!safe) return;
  inMemory = safe;
  storage.set(STORAGE_KEYS.returnTo, safe);
}

/** The remembered path (forgotten once read), or the fallback. */
export function takeReturnTo(fallback: string): string {
  const path = safeReturnPath(inMemory ?? storage.get(STORAGE_KEYS.returnTo));
  inMemory = null;
  storage.remove(STORAGE_KEYS.returnTo);
  return path ?? fallback;
}
