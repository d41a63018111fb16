import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TEST_PUBLIC_URL } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp({ rateLimit: true });
});
afterAll(async () => {
  await ctx.database.close();
});

const signIn = (ip: string) =>
  ctx.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email: 'chopper@example.com', password: 'Doctor1234' }),
  });

describe('authentication rate limits', () => {
  it('answers 429 after 10 sign-in attempts a minute from one address, and only for that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn('203.0.113.9')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await signIn('198.51.100.7')).status).toBe(401);
  });
});
