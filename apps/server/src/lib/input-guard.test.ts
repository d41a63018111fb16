import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

describe('NUL in an /api address', () => {
  it('is refused with 400 VALIDATION_ERROR before any route, in the path or the query, auth endpoints included', async () => {
    for (const url of ['/api/cards?q=luffy%00', '/api/decks/abc%00def', '/api/sets/%00', '/api/binders/x/cards?set=%00', '/api/auth/verify-email?token=%00', '/api/nowhere%00']) {
      const res = await ctx.app.request(url);
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Invalid request address: The text contains a character that is not allowed' } });
    }
    // An escaped percent sign followed by 00 is text, not NUL.
    expect((await ctx.app.request('/api/cards?q=%2500')).status).toBe(200);
  });
});
