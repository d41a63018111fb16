import { DEFAULT_LANGUAGE, isLanguageCode, STORAGE_KEYS, type LanguageCode } from '@grandline/core/locales';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addNumberFormat } from './format';
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
 * The start-up namespaces of the active language start downloading as soon as this module runs (app/boot.tsx
 * imports it first), beside the router's first page module, not after the app's code has finished starting.
 * i18next's backend later finds them in the module cache.
 */
const startLanguage = initialLanguage();
for (const ns of NAMESPACES) void bundles[`../locales/${startLanguage}/${ns}.json`]?.().catch(() => undefined);

declare global {
  interface Window {
    /** Keys no language or namespace had, as "lng/ns:key": collected only when something (the e2e run) made the array. */
    __i18nMissing?: string[];
  }
}

/**
 * Called by i18next (saveMissing) only for a key found in none of the namespaces it was looked up in, in neither the
 * language nor its fallback (English); a key missing in Portuguese alone is the translations test's business.
 * It does nothing unless `window.__i18nMissing` exists: the production bundle carries it, the e2e fixture turns it on.
 * A key asked for before its namespace has loaded is not counted (i18next has nothing to look in yet).
 */
export function reportMissingKey(languages: readonly string[], namespace: string, key: string) {
  const sink = typeof window === 'undefined' ? undefined : window.__i18nMissing;
  if (!Array.isArray(sink) || !i18next.hasLoadedNamespace(namespace)) return;
  const entry = `${languages.join(',')}/${namespace}:${key}`;
  if (!sink.includes(entry)) sink.push(entry);
}

/** How i18next is told to report missing keys (the app, and the unit tests' i18next): one report per key, in the language asked. */
export const MISSING_KEYS = {
  saveMissing: true,
  saveMissingTo: 'current',
  saveMissingPlurals: false,
  missingKeyHandler: reportMissingKey,
} as const;

/** The tab's title when no page names it (index.html's, in English): the home title in the active language. */
const staticTitle = typeof document === 'undefined' ? null : document.head.querySelector('title');
const translateStaticTitle = () => {
  if (staticTitle) staticTitle.textContent = i18next.t('common:app.homeTitle');
};

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
      ...MISSING_KEYS,
    });
  addNumberFormat(i18next);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  translateStaticTitle();
  i18next.on('languageChanged', translateStaticTitle);
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
