import { describe, expect, it } from 'vitest';
import { consentReady, ConsentValues, emptyConsent, toAcceptRequest } from './consent-form';

const filled = { ...emptyConsent('zoro_juro', 'BR'), ageConfirmed: true, tosAccepted: true };

describe('consent form', () => {
  it('enables Accept only with the terms box, the age box, a country and a user name (spec §5)', () => {
    expect(consentReady(filled, 'available')).toBe(true);
    expect(consentReady({ ...filled, tosAccepted: false }, 'available')).toBe(false);
    expect(consentReady({ ...filled, ageConfirmed: false }, 'available')).toBe(false);
    expect(consentReady({ ...filled, countryCode: '' }, 'available')).toBe(false);
    expect(consentReady({ ...filled, username: '  ' }, 'available')).toBe(false);
    expect(consentReady(filled, 'taken')).toBe(false);
    // A failed availability check does not block: the server still refuses a taken name.
    expect(consentReady(filled, 'error')).toBe(true);
  });

  it('validates with the spec messages', () => {
    const result = ConsentValues.safeParse({ ...filled, username: 'ab', ageConfirmed: false, countryCode: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['validation.usernameTooShort', 'validation.ageRequired', 'validation.countryRequired']));
  });

  it('sends cookie choices only where the country requires them (GDPR)', () => {
    const data = ConsentValues.parse({ ...filled, cookieAnalytics: true });
    expect(toAcceptRequest(data, 'pt').cookieConsent).toBeUndefined();
    const german = ConsentValues.parse({ ...filled, countryCode: 'DE', cookieAnalytics: true });
    expect(toAcceptRequest(german, 'en').cookieConsent).toEqual({ necessary: true, analytics: true, marketing: false });
  });
});
