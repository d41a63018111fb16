import i18next from 'i18next';

/** Plain lookups (no options) by language and key: a grid asks for the same few labels hundreds of times. */
const cache = new Map<string, string>();
const forget = () => cache.clear();
i18next.on('languageChanged', forget);
i18next.on('loaded', forget);
i18next.on('added', forget);

/**
 * Translation for the card leaf components, which render by the dozen in grids. They do not subscribe
 * to language changes themselves (one subscription per tile is measurable on phones); the pages that
 * render them use useTranslation and re-render them when the language changes. Lookups without options
 * (card types, colours, "variant") are remembered per language: i18next's own `t` costs about 0.2 ms a call
 * on a slow phone, and a page of 48 cards makes a few hundred.
 */
export const cardT = (key: string, options?: Record<string, unknown>): string => {
  if (options) return i18next.t(key, { ns: 'cards', ...options });
  const id = `${i18next.language}\u0000${key}`;
  let text = cache.get(id);
  if (text === undefined) {
    text = i18next.t(key, { ns: 'cards' });
    if (i18next.hasLoadedNamespace('cards')) cache.set(id, text);
  }
  return text;
};
