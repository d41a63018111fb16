import i18next from 'i18next';

/**
 * Translation for the card leaf components, which render by the dozen in grids. They do not subscribe
 * to language changes themselves (one subscription per tile is measurable on phones); the pages that
 * render them use useTranslation and re-render them when the language changes.
 */
export const cardT = (key: string, options?: Record<string, unknown>): string => i18next.t(key, { ns: 'cards', ...options });
