/**
 * Intl formatters kept per locale and options. Building one costs a fraction of a millisecond — a library page of 48
 * priced cards built hundreds of them on its first render (each price, each date in a tooltip) — while using one is
 * cheap. A few dozen distinct locale/option pairs exist in the app, so the caches stay small; they are capped anyway.
 */
const MAX_ENTRIES = 500;

function cached<T>(cache: Map<string, T>, make: () => T, key: string): T {
  let found = cache.get(key);
  if (found === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    found = make();
    cache.set(key, found);
  }
  return found;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

const keyOf = (locale: string | undefined, options: object | undefined) => `${locale ?? ''}\u0000${options ? JSON.stringify(options) : ''}`;

export const numberFormat = (locale?: string, options?: Intl.NumberFormatOptions) =>
  cached(numberFormats, () => new Intl.NumberFormat(locale, options), keyOf(locale, options));

export const dateTimeFormat = (locale?: string, options?: Intl.DateTimeFormatOptions) =>
  cached(dateTimeFormats, () => new Intl.DateTimeFormat(locale, options), keyOf(locale, options));

export const relativeTimeFormat = (locale?: string, options?: Intl.RelativeTimeFormatOptions) =>
  cached(relativeTimeFormats, () => new Intl.RelativeTimeFormat(locale, options), keyOf(locale, options));
