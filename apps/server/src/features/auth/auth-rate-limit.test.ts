import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TEST_PUBLIC_URL } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp({ rateLimit: true });
});
afterAll(async () => {
  await ctx.database.close();
});

const signIn = (ip: string, email = 'chopper@example.com') =>
  ctx.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password: 'Doctor1234' }),
  });

describe('authentication rate limits', () => {
  it('answers 429 after 10 sign-in attempts a minute from one address, and only for that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn('203.0.113.9')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await signIn('198.51.100.7', 'kureha@example.com')).status).toBe(401);
    // The same e-mail from a fresh address is still limited: its own counter is spent too.
    expect((await signIn('198.51.100.8')).status).toBe(429);
  });
});

describe('per e-mail limits', () => {
  it('limits password-reset requests for one e-mail even from many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, 'X-Forwarded-For': `192.0.2.${i + 1}` },
        body: JSON.stringify({ email: 'Robin@Example.com', redirectTo: '/auth?type=recovery' }),
      });
      statuses.push(res.status);
      if (i === 3) expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('client address without a trusted proxy', () => {
  it('ignores X-Forwarded-For and counts the socket address, so a forged header cannot dodge the limit', async () => {
    const direct = await createAuthTestApp({ rateLimit: true, trustProxy: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await direct.app.request(
          '/api/auth/sign-in/email',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, 'X-Forwarded-For': `203.0.113.${i + 1}`, 'X-Grandline-Client-Ip': `198.18.0.${i}` },
            body: JSON.stringify({ email: `user${i}@example.com`, password: 'Doctor1234' }),
          },
          { incoming: { socket: { remoteAddress: '192.0.2.50' } } },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await direct.database.close();
    }
  });
});
