import { AcceptTermsRequest, Username } from '@grandline/core/contracts/account';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { currencyForCountry, languageForCountry, regionFromLanguageTag, requiresCookieConsent } from '@grandline/core/regulations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { usePreferences } from '@/lib/preferences';
import { sessionEvent } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { authApi } from './api/auth-api';

/** The consent fields shared by the complete-account overlay, /consent and /signup. */
export const ConsentValues = AcceptTermsRequest.pick({ username: true, countryCode: true, ageConfirmed: true, tosAccepted: true }).extend({
  marketingConsent: z.boolean(),
  cookieAnalytics: z.boolean(),
  cookieMarketing: z.boolean(),
});
export type ConsentInput = { username: string; countryCode: string; ageConfirmed: boolean; tosAccepted: boolean; marketingConsent: boolean; cookieAnalytics: boolean; cookieMarketing: boolean };

export const emptyConsent = (username = '', countryCode = ''): ConsentInput => ({
  username,
  countryCode,
  ageConfirmed: false,
  tosAccepted: false,
  marketingConsent: false,
  cookieAnalytics: false,
  cookieMarketing: false,
});

export type ConsentForm = UseFormReturn<ConsentInput, unknown, z.output<typeof ConsentValues>>;

/**
 * The consent form with what every screen that shows it needs: the detected country filled in once (unless one is
 * there already), the watched values, the user-name availability and whether Accept may be pressed.
 */
export function useConsentForm(defaults: ConsentInput) {
  // The browser language's region stands in at once (the country's rules shape the form: its age, its cookie
  // choices), so the form does not move when the IP geolocation answers; that answer replaces it unless the user chose.
  const [provisional] = useState(() => (defaults.countryCode ? null : regionFromLanguageTag(navigator.language)));
  const form: ConsentForm = useForm<ConsentInput, unknown, z.output<typeof ConsentValues>>({
    // The form holds plain booleans; the schema only accepts the boxes ticked (literal true).
    resolver: zodResolver(ConsentValues) as unknown as Resolver<ConsentInput, unknown, z.output<typeof ConsentValues>>,
    defaultValues: provisional ? { ...defaults, countryCode: provisional } : defaults,
    mode: 'onTouched',
  });
  const suggestion = useCountrySuggestion();
  useEffect(() => {
    if (!suggestion.country) return;
    const current = form.getValues('countryCode');
    const untouched = !form.getFieldState('countryCode').isDirty;
    if (!current || (current === provisional && untouched)) form.setValue('countryCode', suggestion.country);
  }, [suggestion.country, form, provisional]);
  const values = useWatch({ control: form.control }) as ConsentInput;
  const availability = useUsernameAvailability(values.username);
  return { form, suggestion, values, availability, ready: consentReady(values, availability) };
}

/**
 * Accepting the terms (spec §4): records everything in one call, takes the updated user and applies the country's
 * currency and language defaults. A taken user name is shown on its field (resolves null); other failures throw.
 */
export function useAcceptTerms(form: ConsentForm) {
  const applyCountryDefaults = useApplyCountryDefaults();
  return async (data: z.output<typeof ConsentValues>, locale: string) => {
    try {
      const updated = await authApi.acceptTerms(toAcceptRequest(data, locale));
      await sessionEvent('USER_UPDATED', updated);
      applyCountryDefaults(data.countryCode);
      return updated;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'USERNAME_TAKEN') {
        form.setError('username', { message: 'validation.usernameTaken' });
        return null;
      }
      throw err;
    }
  };
}

/** The request for POST /api/me/accept-terms; cookie choices only where the country requires them. */
export function toAcceptRequest(values: z.output<typeof ConsentValues>, locale: string): AcceptTermsRequest {
  return {
    username: values.username,
    countryCode: values.countryCode,
    ageConfirmed: true,
    tosAccepted: true,
    marketingConsent: values.marketingConsent,
    cookieConsent: requiresCookieConsent(values.countryCode)
      ? { necessary: true, analytics: values.cookieAnalytics, marketing: values.cookieMarketing }
      : undefined,
    locale,
  };
}

/** Spec §2: the Accept button stays disabled until the terms box, the age box, a country and a user name are set. */
export const consentReady = (v: ConsentInput, availability: UsernameStatus) =>
  v.tosAccepted && v.ageConfirmed && v.countryCode.length >= 2 && v.username.trim().length > 0 && availability !== 'taken';

export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Checks a well-formed user name against the profiles, 400 ms after typing stops. */
function useUsernameAvailability(username: string): UsernameStatus {
  const [result, setResult] = useState<{ name: string; status: UsernameStatus }>({ name: '', status: 'idle' });
  const wellFormed = Username.safeParse(username).success;
  const check = useDebouncedCallback((name: string, signal: AbortSignal) => {
    authApi.usernameAvailable(name.trim(), signal).then(
      (available) => setResult({ name, status: available ? 'available' : 'taken' }),
      (err: Error) => {
        if (err.name !== 'AbortError') setResult({ name, status: 'error' });
      },
    );
  }, 400);
  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    check(username, controller.signal);
    return () => {
      check.cancel();
      controller.abort();
    };
  }, [username, wellFormed, check]);
  if (!wellFormed) return 'idle';
  return result.name === username ? result.status : 'checking';
}

/**
 * The suggested country (spec §8): IP geolocation within 1.5 s, else the browser language's region, else
 * none — and with none, the strictest rules apply (age 16, GDPR).
 */
function useCountrySuggestion(): { country: string | null; pending: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['geo-country'],
    queryFn: async ({ signal }) => {
      try {
        const guess = await authApi.countryGuess(AbortSignal.any([signal, AbortSignal.timeout(1500)]));
        if (guess.countryCode) return guess.countryCode;
      } catch {
        /* fall back to the browser language */
      }
      return regionFromLanguageTag(navigator.language);
    },
    staleTime: Infinity,
    retry: false,
  });
  return { country: data ?? null, pending: isPending };
}

/**
 * Spec §9: a country suggests a language and a currency. Applied after the account is completed, only for the
 * choices this browser has never made explicitly.
 */
function useApplyCountryDefaults() {
  const { setPreference } = usePreferences();
  return (countryCode: string) => {
    if (!storage.get(STORAGE_KEYS.currency)) setPreference('currency', currencyForCountry(countryCode));
    if (!storage.get(STORAGE_KEYS.language)) setPreference('language', languageForCountry(countryCode));
  };
}
