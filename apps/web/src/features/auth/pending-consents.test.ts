// @vitest-environment jsdom
import type { MeResponse } from '@grandline/core/contracts/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingConsents, readPendingConsents, savePendingConsents } from './pending-consents';

const me = (tosAccepted: boolean) => ({ consent: { tosAccepted } }) as MeResponse;
const pending = {
  tosAccepted: true,
  ageConfirmed: true,
  marketingConsent: true,
  cookieConsent: { necessary: true, analytics: true, marketing: false },
  username: 'nico_robin',
  countryCode: 'DE',
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('pending consents (pending_consents_v1)', () => {
  it('keeps the sign-up consents with versions and client information', () => {
    savePendingConsents(pending);
    const stored = JSON.parse(localStorage.getItem('pending_consents_v1')!);
    expect(stored).toMatchObject({ ...pending, versions: { tos: '1.0', privacy: '1.0' } });
    expect(stored.clientInfo.userAgent).toBe(navigator.userAgent);
    expect(new Date(stored.clientInfo.timestamp).getTime()).toBeGreaterThan(0);
    expect(readPendingConsents()).toEqual(stored);
  });

  it('ignores an unreadable record with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('pending_consents_v1', '{"tosAccepted":"yes"');
    expect(readPendingConsents()).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('records them after sign-in in one call, then forgets them', async () => {
    savePendingConsents(pending);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(me(true)), { status: 200 }));
    expect(await flushPendingConsents(me(false))).toEqual(me(true));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/accept-terms');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      username: 'nico_robin',
      countryCode: 'DE',
      ageConfirmed: true,
      tosAccepted: true,
      marketingConsent: true,
      cookieConsent: { necessary: true, analytics: true, marketing: false },
    });
    expect(localStorage.getItem('pending_consents_v1')).toBeNull();
  });

  it('only logs a failure, and still forgets the record (the overlay asks again)', async () => {
    savePendingConsents(pending);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: { code: 'USERNAME_TAKEN', message: 'taken' } }), { status: 409 }));
    expect(await flushPendingConsents(me(false))).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem('pending_consents_v1')).toBeNull();
  });

  it('sends nothing when the terms are already accepted or the record is incomplete', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    savePendingConsents(pending);
    expect(await flushPendingConsents(me(true))).toBeNull();
    savePendingConsents({ ...pending, username: undefined });
    expect(await flushPendingConsents(me(false))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
