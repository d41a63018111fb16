import { countries } from 'country-flag-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Codes that are not countries or territories a person lives in. */
const NOT_COUNTRIES = new Set(['EU', 'UN', 'XK', 'AC', 'TA', 'IC', 'EA', 'DG', 'CP', 'GB-ENG', 'GB-SCT', 'GB-WLS', 'GB-NIR']);

/**
 * The countries a person can live in, named in the interface language and sorted by name, and a namer for one code
 * ("BR" → "Brasil" in Portuguese). Shared by the account's country picker, profiles and trading settings.
 */
export function useCountryNames() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const list = countries
      .filter((code) => /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code))
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .filter((c) => c.name !== c.code)
      .sort((a, b) => a.name.localeCompare(b.name, language));
    return { list, nameOf: (code: string) => names.of(code) ?? code };
  }, [language]);
}
