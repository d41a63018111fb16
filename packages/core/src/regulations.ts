import type { LanguageCode } from './locales';
import type { CurrencyCode } from './money/currencies';

/** Privacy regimes named by the spec (§9). */
export type Regulation = 'GDPR' | 'LGPD' | 'COPPA' | 'PIPA' | 'generic';

export interface CountryRegulation {
  code: string;
  minAge: number;
  regulation: Regulation;
  requiresParentalConsent: boolean;
  ageVerificationRequired: boolean;
}

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

/** Countries paying in euro: the euro area (Bulgaria since 2026) and the microstates that use the euro. */
const EUROZONE_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PT', 'SK', 'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK',
] as const;

const PORTUGUESE_COUNTRIES = ['BR', 'PT', 'AO', 'MZ'] as const;

const SPANISH_COUNTRIES = [
  'ES', 'MX', 'AR', 'CL', 'CO', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY',
  'SV', 'NI', 'CR', 'PA', 'UY', 'GQ', 'PR',
] as const;

const COUNTRY_CURRENCY: Record<string, CurrencyCode> = {
  BR: 'BRL', CL: 'CLP', AR: 'ARS', MX: 'MXN', CO: 'COP', CA: 'CAD', GB: 'GBP', JP: 'JPY',
};

/** The strictest rules, used when the country is unknown (spec §8: age 16, GDPR). */
export const UNKNOWN_COUNTRY: CountryRegulation = {
  code: 'unknown',
  minAge: 16,
  regulation: 'GDPR',
  requiresParentalConsent: true,
  ageVerificationRequired: true,
};

const GENERIC_13 = ['CA', 'AU', 'JP', 'MX', 'AR', 'CL', 'CO'];

const normalize = (code: string | null | undefined) => (code ?? '').trim().toUpperCase();
const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code);

/** Age and consent rules of a country (spec §9); unknown or malformed codes get the strictest rules. */
export function countryRegulation(countryCode: string | null | undefined): CountryRegulation {
  const code = normalize(countryCode);
  if (!isCountryCode(code)) return UNKNOWN_COUNTRY;
  if ((EU_COUNTRIES as readonly string[]).includes(code)) {
    return { code, minAge: 16, regulation: 'GDPR', requiresParentalConsent: true, ageVerificationRequired: true };
  }
  if (code === 'BR') return { code, minAge: 12, regulation: 'LGPD', requiresParentalConsent: true, ageVerificationRequired: false };
  if (code === 'US') return { code, minAge: 13, regulation: 'COPPA', requiresParentalConsent: true, ageVerificationRequired: false };
  if (code === 'KR') return { code, minAge: 14, regulation: 'PIPA', requiresParentalConsent: true, ageVerificationRequired: false };
  if (GENERIC_13.includes(code)) {
    return { code, minAge: 13, regulation: 'generic', requiresParentalConsent: false, ageVerificationRequired: false };
  }
  return { ...UNKNOWN_COUNTRY, code };
}

/** Consent rules: explicit consent and a data notice for GDPR and LGPD, cookie consent and legitimate interest for GDPR. */
export function consentRules(regulation: Regulation) {
  return {
    explicitConsent: regulation === 'GDPR' || regulation === 'LGPD',
    dataNotice: regulation === 'GDPR' || regulation === 'LGPD',
    cookieConsent: regulation === 'GDPR',
    legitimateInterest: regulation === 'GDPR',
    /** Marketing is always opt-in. */
    marketingOptIn: true,
  } as const;
}

export const requiresCookieConsent = (countryCode: string | null | undefined) =>
  consentRules(countryRegulation(countryCode).regulation).cookieConsent;

/** Brazil, Portugal, Angola and Mozambique → pt; Spanish-speaking countries → es; otherwise en. */
export function languageForCountry(countryCode: string | null | undefined): LanguageCode {
  const code = normalize(countryCode);
  if ((PORTUGUESE_COUNTRIES as readonly string[]).includes(code)) return 'pt';
  if ((SPANISH_COUNTRIES as readonly string[]).includes(code)) return 'es';
  return 'en';
}

/** BRL, CLP, ARS, MXN, COP, CAD, GBP, JPY by country; EUR in the eurozone; otherwise USD. */
export function currencyForCountry(countryCode: string | null | undefined): CurrencyCode {
  const code = normalize(countryCode);
  if ((EUROZONE_COUNTRIES as readonly string[]).includes(code)) return 'EUR';
  return COUNTRY_CURRENCY[code] ?? 'USD';
}

/** The region of a browser language tag ("pt-BR" → "BR"), the fallback when IP geolocation fails. */
export function regionFromLanguageTag(tag: string | null | undefined): string | null {
  const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec((tag ?? '').trim())?.[1];
  return region ? region.toUpperCase() : null;
}
