/** The UI languages; `locale` is the one numbers and dates are written in (as each currency has its own in money/currencies). */
export const LANGUAGES = [
  { code: 'en', label: 'English', locale: 'en-US' },
  { code: 'pt', label: 'Português', locale: 'pt-BR' },
  { code: 'es', label: 'Español', locale: 'es-ES' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The formatting locale of a UI language ('pt' → 'pt-BR'); English's for anything else. */
export const languageLocale = (language: string | null | undefined): string =>
  (LANGUAGES.find((l) => l.code === language?.slice(0, 2)) ?? LANGUAGES[0]).locale;

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && LANGUAGE_CODES.includes(value as LanguageCode);

/** Local-storage keys of the spec (§3, §9). */
export const STORAGE_KEYS = {
  language: 'selectedLanguage',
  currency: 'selectedCurrency',
  theme: 'theme',
  game: 'activeGameCategory',
  marketplace: 'collectionMarketplace',
  priceType: 'collectionPriceType',
  sidebarCollapsed: 'sidebarCollapsed',
  /** The sidebar's saved searches: open or closed, and how many it last showed ("open:3"), so a page is drawn at its height. */
  savedSearches: 'savedSearchesList',
  animations: 'animationsEnabled',
  cardsView: 'cardsView',
  /** The deck's cards as a text list or as images (list | visual). */
  deckView: 'deckView',
  returnTo: 'returnTo',
  pendingConsents: 'pending_consents_v1',
  /** Session storage: the quick-add target of this tab (deck or binder) and what was added to it. */
  quickAdd: 'quickAddTarget',
  /** Session storage: the scanner's list of scanned cards not yet added (one per user: `scanSession:{userId}`). */
  scanSession: 'scanSession',
} as const;

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
