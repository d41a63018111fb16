import { describe, expect, it } from 'vitest';
import {
  consentRules,
  countryRegulation,
  currencyForCountry,
  EU_COUNTRIES,
  languageForCountry,
  regionFromLanguageTag,
  requiresCookieConsent,
  UNKNOWN_COUNTRY,
} from './regulations';

describe('countryRegulation', () => {
  it('applies GDPR with age 16, parental consent and age verification in every EU country', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const code of EU_COUNTRIES) {
      expect(countryRegulation(code)).toEqual({ code, minAge: 16, regulation: 'GDPR', requiresParentalConsent: true, ageVerificationRequired: true });
    }
  });
  it('knows Brazil (12, LGPD), the US (13, COPPA) and South Korea (14)', () => {
    expect(countryRegulation('BR')).toMatchObject({ minAge: 12, regulation: 'LGPD' });
    expect(countryRegulation('us')).toMatchObject({ code: 'US', minAge: 13, regulation: 'COPPA' });
    expect(countryRegulation('KR')).toMatchObject({ minAge: 14 });
  });
  it('uses the generic 13 without consent requirements for CA, AU, JP, MX, AR, CL, CO', () => {
    for (const code of ['CA', 'AU', 'JP', 'MX', 'AR', 'CL', 'CO']) {
      expect(countryRegulation(code)).toEqual({ code, minAge: 13, regulation: 'generic', requiresParentalConsent: false, ageVerificationRequired: false });
    }
  });
  it('falls back to the strictest rules for unknown, missing or malformed countries', () => {
    expect(countryRegulation(null)).toEqual(UNKNOWN_COUNTRY);
    expect(countryRegulation('')).toEqual(UNKNOWN_COUNTRY);
    expect(countryRegulation('Brazil')).toEqual(UNKNOWN_COUNTRY);
    expect(countryRegulation('ZZ')).toMatchObject({ code: 'ZZ', minAge: 16, regulation: 'GDPR' });
  });
});

describe('consent rules', () => {
  it('asks for cookie consent under GDPR only, explicit consent under GDPR and LGPD, marketing always opt-in', () => {
    expect(consentRules('GDPR')).toMatchObject({ cookieConsent: true, explicitConsent: true, legitimateInterest: true, marketingOptIn: true });
    expect(consentRules('LGPD')).toMatchObject({ cookieConsent: false, explicitConsent: true, dataNotice: true, marketingOptIn: true });
    expect(consentRules('COPPA')).toMatchObject({ cookieConsent: false, explicitConsent: false, marketingOptIn: true });
    expect(requiresCookieConsent('DE')).toBe(true);
    expect(requiresCookieConsent('BR')).toBe(false);
    expect(requiresCookieConsent(undefined)).toBe(true);
  });
});

describe('language and currency by country', () => {
  it('maps Portuguese- and Spanish-speaking countries', () => {
    for (const c of ['BR', 'PT', 'AO', 'MZ']) expect(languageForCountry(c)).toBe('pt');
    for (const c of ['ES', 'MX', 'AR', 'CL', 'CO', 'PE', 'UY']) expect(languageForCountry(c)).toBe('es');
    for (const c of ['US', 'DE', 'JP', '', null]) expect(languageForCountry(c)).toBe('en');
  });
  it('maps currencies, with EUR for the eurozone and USD otherwise', () => {
    expect(currencyForCountry('BR')).toBe('BRL');
    expect(currencyForCountry('cl')).toBe('CLP');
    expect(currencyForCountry('AR')).toBe('ARS');
    expect(currencyForCountry('MX')).toBe('MXN');
    expect(currencyForCountry('CO')).toBe('COP');
    expect(currencyForCountry('CA')).toBe('CAD');
    expect(currencyForCountry('GB')).toBe('GBP');
    expect(currencyForCountry('JP')).toBe('JPY');
    for (const c of ['DE', 'FR', 'PT', 'ES', 'BG', 'MC']) expect(currencyForCountry(c)).toBe('EUR');
    for (const c of ['PL', 'SE', 'US', 'KR', null]) expect(currencyForCountry(c)).toBe('USD');
  });
  it('reads the region of a browser language tag', () => {
    expect(regionFromLanguageTag('pt-BR')).toBe('BR');
    expect(regionFromLanguageTag('es_mx')).toBe('MX');
    expect(regionFromLanguageTag('en')).toBeNull();
    expect(regionFromLanguageTag('')).toBeNull();
  });
});
