/**
 * Every better-auth endpoint that takes user input, called with each hostile value in each field (and as the whole
 * body), signed out and, where it needs a session, signed in as a second user. No answer may be a 5xx or leak a
 * stack trace. The counts are printed and written to test-results/security/auth-fuzz.json for the report. The
 * operations of the OpenAPI document are walked by openapi-fuzz.security.test.ts, beside this one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, startFuzzRun, type FuzzRun } from '../testing/fuzz-harness';
import { HOSTILE_VALUES, hostileText, hostileUrlText } from '../testing/hostile-values';
import { cookieOf } from '../testing/test-app';

let run: FuzzRun;

beforeAll(async () => {
  run = await startFuzzRun();
}, 180_000);

afterAll(async () => {
  await run?.finish('auth-fuzz');
});

describe('auth fuzz: every better-auth endpoint that takes input, with hostile values', () => {
  it('answers hostile values on the better-auth endpoints that take user input without a 5xx', async () => {
    const { failures, stats, perOperation, send, check } = run;
    const before = failures.length;
    let n = 0;
    const fresh = () => `fuzz-signup-${++n}@example.com`;
    /** The endpoints and a valid body (or query) for each; `signedIn` ones use the second user's session. */
    const endpoints: { method: 'GET' | 'POST'; path: string; base: () => Record<string, unknown>; signedIn?: boolean; query?: boolean }[] = [
      { method: 'POST', path: '/sign-up/email', base: () => ({ email: fresh(), password: PASSWORD, name: 'Fuzz', image: 'https://example.com/a.png', callbackURL: '/', rememberMe: true }) },
      { method: 'POST', path: '/sign-in/email', base: () => ({ email: ADMIN_EMAIL, password: 'Wrong-password-1', callbackURL: '/', rememberMe: false }) },
      { method: 'POST', path: '/request-password-reset', base: () => ({ email: ADMIN_EMAIL, redirectTo: '/auth/recovery' }) },
      { method: 'POST', path: '/reset-password', base: () => ({ newPassword: PASSWORD, token: 'not-a-token' }) },
      { method: 'POST', path: '/send-verification-email', base: () => ({ email: ADMIN_EMAIL, callbackURL: '/' }) },
      { method: 'GET', path: '/verify-email', base: () => ({ token: 'not-a-token', callbackURL: '/' }), query: true },
      { method: 'POST', path: '/sign-in/social', base: () => ({ provider: 'google', callbackURL: '/' }) },
      { method: 'POST', path: '/update-user', base: () => ({ name: 'Fuzz user', image: 'https://example.com/a.png' }), signedIn: true },
      { method: 'POST', path: '/change-password', base: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD, revokeOtherSessions: false }), signedIn: true },
      { method: 'POST', path: '/change-email', base: () => ({ newEmail: fresh(), callbackURL: '/' }), signedIn: true },
      { method: 'POST', path: '/revoke-session', base: () => ({ token: 'not-a-token' }), signedIn: true },
      { method: 'POST', path: '/update-session', base: () => ({ ipAddress: '127.0.0.1' }), signedIn: true },
      { method: 'POST', path: '/unlink-account', base: () => ({ providerId: 'google', accountId: 'x' }), signedIn: true },
      { method: 'GET', path: '/account-info', base: () => ({ accountId: 'x' }), signedIn: true, query: true },
    ];
    for (const endpoint of endpoints) {
      stats.authEndpoints++;
      const fields = Object.keys(endpoint.base());
      stats.fields += fields.length + (endpoint.query ? 0 : 1);
      const sent = stats.requests;
      for (const field of [...fields, ...(endpoint.query ? [] : ['(body)'])]) {
        for (const hostile of HOSTILE_VALUES) {
          const values = { ...endpoint.base(), ...(field === '(body)' ? {} : { [field]: hostile.value }) };
          const cookie = endpoint.signedIn ? run.authUser.cookie : undefined;
          let res: Response;
          if (endpoint.query) {
            const query = Object.entries(values).map(([k, v]) => `${k}=${k === field ? hostileUrlText(hostile) : encodeURIComponent(hostileText(v))}`);
            res = await send('GET', `/api/auth${endpoint.path}?${query.join('&')}`, { cookie });
          } else {
            const body = field === '(body)' ? JSON.stringify(hostile.value) : JSON.stringify(values);
            res = await send(endpoint.method, `/api/auth${endpoint.path}`, { body, type: 'application/json', cookie });
          }
          // A renewed session (a password change revokes the others) replaces the one we hold.
          const renewed = cookieOf(res);
          if (endpoint.signedIn && renewed.includes('session_token=') && !/session_token=;/.test(renewed)) run.authUser.cookie = renewed;
          await check(`${endpoint.method} /api/auth${endpoint.path} ${field}`, hostile.name, res, false);
        }
      }
      perOperation.push({ operation: `${endpoint.method} /api/auth${endpoint.path}`, slots: [...fields, ...(endpoint.query ? [] : ['(body)'])], requests: stats.requests - sent });
    }
    const found = failures.slice(before);
    expect(found, JSON.stringify(found.slice(0, 20), null, 2)).toEqual([]);
  });
});
