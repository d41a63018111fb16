import { DEFAULT_GAME, isGameCategory, type GameCategory } from '@grandline/core/games';
import { isLanguageCode, STORAGE_KEYS, type LanguageCode, type Theme } from '@grandline/core/locales';
import { DEFAULT_MARKETPLACE, DEFAULT_PRICE_TYPE, isMarketplaceId, PRICE_TYPES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '@grandline/core/money/currencies';
import i18next from 'i18next';
import { createContext, useCallback, useContext, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { initialLanguage } from './i18n';
import { storage } from './storage';

export interface Preferences {
  language: LanguageCode;
  currency: CurrencyCode;
  theme: Theme;
  game: GameCategory;
  marketplace: MarketplaceId;
  priceType: PriceType;
  animations: boolean;
}

interface PreferencesContext extends Preferences {
  /** A choice of the user: stored, applied, and reported to the listeners (the profile sync). */
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
  /** Values from the user's profile: stored and applied without being reported back. */
  loadPreferences: (values: Partial<Preferences>) => void;
}

type Listener = <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
const listeners = new Set<Listener>();

/** Called after each preference the user changes; returns the unsubscribe function. */
export function onPreferenceChange(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const Ctx = createContext<PreferencesContext | null>(null);
const ThemeCtx = createContext<Theme>('dark');

/** The theme as drawn: the one a server-drawn page assumed while it hydrates, then the browser's. */
export const useShownTheme = () => useContext(ThemeCtx);

const storageKey: Record<keyof Preferences, string> = {
  language: STORAGE_KEYS.language,
  currency: STORAGE_KEYS.currency,
  theme: STORAGE_KEYS.theme,
  game: STORAGE_KEYS.game,
  marketplace: STORAGE_KEYS.marketplace,
  priceType: STORAGE_KEYS.priceType,
  animations: STORAGE_KEYS.animations,
};

/** Reads what was stored; the theme was already applied to <html> by preferences-init.js. */
export function readPreferences(): Preferences {
  const currency = storage.get(STORAGE_KEYS.currency);
  const game = storage.get(STORAGE_KEYS.game);
  const marketplace = storage.get(STORAGE_KEYS.marketplace);
  const priceType = storage.get(STORAGE_KEYS.priceType);
  const language = storage.get(STORAGE_KEYS.language);
  return {
    language: isLanguageCode(language) ? language : initialLanguage(),
    currency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
    // On the server (a page drawn before the browser applies its theme): no component draws the theme itself.
    theme: typeof document !== 'undefined' && document.documentElement.classList.contains('light') ? 'light' : 'dark',
    game: isGameCategory(game) ? game : DEFAULT_GAME,
    marketplace: isMarketplaceId(marketplace) ? marketplace : DEFAULT_MARKETPLACE,
    priceType: (PRICE_TYPES as readonly string[]).includes(priceType ?? '') ? (priceType as PriceType) : DEFAULT_PRICE_TYPE,
    animations: storage.get(STORAGE_KEYS.animations) !== 'false',
  };
}

function apply<K extends keyof Preferences>(key: K, value: Preferences[K]) {
  const root = document.documentElement;
  if (key === 'theme') {
    root.classList.toggle('dark', value === 'dark');
    root.classList.toggle('light', value === 'light');
    root.style.colorScheme = String(value);
  }
  if (key === 'language') {
    root.lang = String(value);
    void i18next.changeLanguage(String(value));
  }
  if (key === 'animations') root.classList.toggle('reduce-motion', value === false);
}

/**
 * The theme a server-drawn page was drawn in (the browser's resolved theme, from the preference cookie; dark when it
 * has none), set by app/boot.tsx before it hydrates such a page; null otherwise.
 */
let assumedTheme: Theme | null = null;
export function setAssumedTheme(theme: Theme | null) {
  assumedTheme = theme;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState<Preferences>(readPreferences);
  // Only what draws the theme itself reads this one (useShownTheme), so a page drawn in the other theme re-renders
  // just that after its hydration, not every reader of the preferences.
  // The browser's theme replaces the assumed one as a deferred render (a transition): an urgent one would hydrate
  // every part of the page not hydrated yet in one long task, to find what reads the theme.
  const shownTheme = useDeferredValue(prefs.theme, assumedTheme ?? prefs.theme);

  const store = useCallback(<K extends keyof Preferences>(key: K, value: Preferences[K]) => {
    storage.set(storageKey[key], String(value));
    apply(key, value);
    setPrefs((p) => ({ ...p, [key]: value }));
  }, []);

  const setPreference = useCallback(
    <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
      store(key, value);
      listeners.forEach((l) => l(key, value));
    },
    [store],
  );

  const loadPreferences = useCallback(
    (values: Partial<Preferences>) => {
      for (const key of Object.keys(values) as (keyof Preferences)[]) {
        const value = values[key];
        if (value !== undefined && value !== null) store(key, value);
      }
    },
    [store],
  );

  const value = useMemo(() => ({ ...prefs, setPreference, loadPreferences }), [prefs, setPreference, loadPreferences]);
  return (
    <Ctx.Provider value={value}>
      <ThemeCtx.Provider value={shownTheme}>{children}</ThemeCtx.Provider>
    </Ctx.Provider>
  );
}

export function usePreferences(): PreferencesContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('usePreferences must be used inside PreferencesProvider');
  return ctx;
}
