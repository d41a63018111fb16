import type { AcceptTermsRequest, MeResponse } from '@grandline/core/contracts/account';
import { LEGAL_VERSION } from '@grandline/core/legal';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { z } from 'zod';
import { sessionEvent } from '@/lib/session';
import { apiSend } from '@/lib/api-client';
import { storage } from '@/lib/storage';

/** What the /signup form keeps before the account exists (spec §3, key pending_consents_v1). */
export const PendingConsents = z.object({
  tosAccepted: z.boolean(),
  marketingConsent: z.boolean(),
  versions: z.object({ tos: z.string(), privacy: z.string() }),
  clientInfo: z.object({ timestamp: z.string(), locale: z.string(), userAgent: z.string() }),
  cookieConsent: z.object({ necessary: z.boolean(), analytics: z.boolean(), marketing: z.boolean() }).optional(),
  username: z.string().optional(),
  countryCode: z.string().optional(),
  ageConfirmed: z.boolean().optional(),
});
export type PendingConsents = z.infer<typeof PendingConsents>;

export function savePendingConsents(
  data: Pick<PendingConsents, 'tosAccepted' | 'marketingConsent' | 'cookieConsent' | 'username' | 'countryCode' | 'ageConfirmed'>,
  versions = { tos: LEGAL_VERSION, privacy: LEGAL_VERSION },
) {
  const record: PendingConsents = {
    ...data,
    versions,
    clientInfo: { timestamp: new Date().toISOString(), locale: document.documentElement.lang || 'en', userAgent: navigator.userAgent },
  };
  try {
    window.localStorage.setItem(STORAGE_KEYS.pendingConsents, JSON.stringify(record));
  } catch (err) {
    console.warn('Could not keep the pending consents', err);
  }
}

export function readPendingConsents(): PendingConsents | null {
  const raw = storage.get(STORAGE_KEYS.pendingConsents);
  if (!raw) return null;
  try {
    return PendingConsents.parse(JSON.parse(raw));
  } catch (err) {
    console.warn('Ignoring unreadable pending consents', err);
    return null;
  }
}

export const clearPendingConsents = () => storage.remove(STORAGE_KEYS.pendingConsents);

/**
 * After sign-in (spec §4): records the consents, cookie choices and profile fields given on /signup in one
 * call, then forgets them. Failures are only logged; the complete-account overlay asks again.
 */
export async function flushPendingConsents(me: MeResponse): Promise<MeResponse | null> {
  const pending = readPendingConsents();
  if (!pending) return null;
  clearPendingConsents();
  if (me.consent.tosAccepted || !pending.tosAccepted || !pending.username || !pending.countryCode || !pending.ageConfirmed) return null;
  const body: AcceptTermsRequest = {
    username: pending.username,
    countryCode: pending.countryCode,
    ageConfirmed: true,
    tosAccepted: true,
    marketingConsent: pending.marketingConsent,
    cookieConsent: pending.cookieConsent ? { ...pending.cookieConsent, necessary: true } : undefined,
    locale: pending.clientInfo.locale,
  };
  try {
    return await apiSend<MeResponse>('POST', '/me/accept-terms', body);
  } catch (err) {
    console.warn('Could not record the pending consents', err);
    return null;
  }
}

/**
 * The first step after any sign-in (password, confirmation link, outside provider): load the session the server
 * opened (SIGNED_IN) and record the consents waiting from /signup. Resolves the user, or null without a session.
 */
export async function openSignedInSession(): Promise<MeResponse | null> {
  const me = await sessionEvent('SIGNED_IN');
  if (!me) return null;
  const updated = await flushPendingConsents(me);
  return updated ? sessionEvent('USER_UPDATED', updated) : me;
}
