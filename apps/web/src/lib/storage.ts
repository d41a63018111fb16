import { STORAGE_KEYS } from '@grandline/core/locales';

/**
 * On the server (entry-server.tsx) there is no web storage: a page is rendered with the preferences the browser
 * sent in its cookie (lib/ssr-state.ts), read through the same `storage.get` the components use.
 */
let serverValues: ReadonlyMap<string, string> | null = null;

export function setServerStorage(values: Record<string, string> | null) {
  serverValues = values ? new Map(Object.entries(values)) : null;
}

/**
 * The stored preferences a page's drawing depends on. They are copied into a cookie each time one changes, so the
 * server draws a page (entry-server.tsx) the way this browser will hydrate it.
 */
const RENDER_PREFERENCE_KEYS: readonly string[] = [
  STORAGE_KEYS.language,
  STORAGE_KEYS.currency,
  STORAGE_KEYS.game,
  STORAGE_KEYS.marketplace,
  STORAGE_KEYS.priceType,
  STORAGE_KEYS.sidebarCollapsed,
  STORAGE_KEYS.savedSearches,
  STORAGE_KEYS.animations,
  STORAGE_KEYS.cardsView,
  // The deck editor's list or card images (drawn on the server for signed-in users, ADR 026).
  STORAGE_KEYS.deckView,
];
export const PREFERENCE_COOKIE = 'gl_prefs';

/** The render preferences as this browser stores them. */
export function renderPreferences(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of RENDER_PREFERENCE_KEYS) {
    const value = storage.get(key);
    if (value !== null) values[key] = value;
  }
  return values;
}

/** Copies the render preferences into their cookie (a year; the server reads it only to draw pages). */
export function writePreferenceCookie() {
  if (typeof document === 'undefined') return;
  // With the theme the page shows (stored, or the system's), which preferences-init.js has put on <html>.
  const theme = document.documentElement.classList.contains('light') ? 'light' : 'dark';
  const value = encodeURIComponent(new URLSearchParams({ ...renderPreferences(), [STORAGE_KEYS.theme]: theme }).toString());
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${PREFERENCE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } catch {
    /* cookies disabled: pages are drawn in the browser */
  }
}

/** The render preferences and the shown theme from the cookie header a browser sent (at most those keys, short values). */
export function parsePreferenceCookie(header: string | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const part of (header ?? '').slice(0, 8192).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== PREFERENCE_COOKIE) continue;
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return values;
    }
    for (const key of [...RENDER_PREFERENCE_KEYS, STORAGE_KEYS.theme]) {
      const value = params.get(key);
      if (value !== null && value.length <= 32) values[key] = value;
    }
  }
  return values;
}

/** Web storage that never throws (private mode, disabled storage, quota). */
function safeStorage(area: () => Storage, onServer: () => ReadonlyMap<string, string> | null, mirrored: (key: string) => boolean) {
  return {
    get(key: string): string | null {
      if (typeof window === 'undefined') return onServer()?.get(key) ?? null;
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string) {
      try {
        area().setItem(key, value);
      } catch {
        /* ignored: the value simply is not kept */
      }
      if (mirrored(key)) writePreferenceCookie();
    },
    remove(key: string) {
      try {
        area().removeItem(key);
      } catch {
        /* ignored */
      }
      if (mirrored(key)) writePreferenceCookie();
    },
  };
}

/** Session storage (this tab only, gone when it closes), same contract as `storage`. */
export const sessionStore = safeStorage(() => window.sessionStorage, () => null, () => false);

/** Local storage that never throws (private mode, disabled storage, quota). */
export const storage = safeStorage(() => window.localStorage, () => serverValues, (key) => RENDER_PREFERENCE_KEYS.includes(key));
