import { DEFAULT_LANGUAGE, isLanguageCode, STORAGE_KEYS, type LanguageCode } from '@grandline/core/locales';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';

export const NAMESPACES = ['common', 'cards', 'pages'] as const;

/**
 * Sign-in, consent and account screens: their texts (and the error codes and validation messages) are loaded
 * with the first of those screens, not at start-up. Keys are looked up in 'account', then 'common'.
 */
export const ACCOUNT_NS = ['account', 'common'] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads each language's namespaces on demand, so only the active language is downloaded. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: Error) => callback(err, false),
    );
  },
};

/** Stored choice, else the browser language, else English (spec §8: locale detection falls back to English). */
export function initialLanguage(): LanguageCode {
  const stored = storage.get(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const browser = (typeof navigator !== 'undefined' ? navigator.language : '').slice(0, 2).toLowerCase();
  return isLanguageCode(browser) ? browser : DEFAULT_LANGUAGE;
}

/**
 * The start-up namespaces of the active language start downloading as soon as this module runs (main.tsx
 * imports it first), beside the router's first page module, not after the app's code has finished starting.
 * i18next's backend later finds them in the module cache.
 */
const startLanguage = initialLanguage();
for (const ns of NAMESPACES) void bundles[`../locales/${startLanguage}/${ns}.json`]?.().catch(() => undefined);

export async function initI18n(language: LanguageCode = initialLanguage()) {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['en', 'pt', 'es'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true, nsMode: 'fallback' },
    });
  document.documentElement.lang = language;
  return i18next;
}

/**
 * Loads namespaces and resolves when i18next has them (never rejects: a missing file leaves the keys to the fallback
 * language). Lazy routes await it beside their module (router.tsx), so a page does not suspend on its texts after the
 * router has switched to it; it can run before i18next has finished its own start-up (then the load waits for it).
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  // Fetch the files at once (i18next's own load later finds them in the module cache).
  const language = i18next.resolvedLanguage ?? initialLanguage();
  for (const ns of namespaces) void bundles[`../locales/${language}/${ns}.json`]?.().catch(() => undefined);
  const load = () => i18next.loadNamespaces([...namespaces]).catch(() => undefined);
  if (i18next.isInitialized) return load();
  return new Promise((resolve) => i18next.on('initialized', () => void load().then(resolve)));
}
