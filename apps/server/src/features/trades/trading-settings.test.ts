/**
 * Trading settings (issue 44): opt-in through PUT /api/me/trading, read back by GET (closed when never set), zod on
 * the way in, a note and countries kept when only the switch changes, signed in only.
 */
import type { TradingSettings } from '@grandline/core/contracts/trades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';
import { countriesAllow, isOpenToTrades, traderStanding } from './trading-settings.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let usopp: string;
let newcomer: string;

const put = (body: unknown, cookie?: string) => ctx.app.request('/api/me/trading', { ...postJson(body, cookie ? { Cookie: cookie } : {}), method: 'PUT' });
const get = (cookie?: string) => ctx.app.request('/api/me/trading', { headers: cookie ? { Cookie: cookie } : {} });
const settingsOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TradingSettings;
};

beforeAll(async () => {
  ctx = await createAuthTestApp();
  usopp = await signUpVerified(ctx, 'usopp-trading@example.com');
  expect((await ctx.app.request('/api/me/accept-terms', postJson({ username: 'usopp_trades', countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: usopp }))).status).toBe(200);
  newcomer = await signUpVerified(ctx, 'newcomer-trading@example.com');
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

const userIdOf = async (username: string) => (await ctx.database.db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.username, username) }))!.id;

describe('trading settings', () => {
  it('is closed until the user opts in, then keeps the note and countries (upper case, once each)', async () => {
    expect(await settingsOf(await get(usopp))).toEqual({ open: false, note: null, countries: [] });
    const id = await userIdOf('usopp_trades');
    expect(await isOpenToTrades(ctx.db, id)).toBe(false);
    expect(await settingsOf(await put({ open: true, note: '  Spares of OP01, ask me  ', countries: ['br', 'AR', 'BR'] }, usopp))).toEqual({ open: true, note: 'Spares of OP01, ask me', countries: ['BR', 'AR'] });
    expect(await settingsOf(await get(usopp))).toEqual({ open: true, note: 'Spares of OP01, ask me', countries: ['BR', 'AR'] });
    expect(await isOpenToTrades(ctx.db, id)).toBe(true);
    expect(await traderStanding(ctx.db, id)).toEqual({ open: true, countries: ['BR', 'AR'], country: 'BR' });
  });

  it('turns off at once, keeping the note and countries when only the switch is sent; null clears the note', async () => {
    expect(await settingsOf(await put({ open: false }, usopp))).toEqual({ open: false, note: 'Spares of OP01, ask me', countries: ['BR', 'AR'] });
    expect(await isOpenToTrades(ctx.db, await userIdOf('usopp_trades'))).toBe(false);
    expect(await settingsOf(await put({ open: true, note: null, countries: [] }, usopp))).toEqual({ open: true, note: null, countries: [] });
  });

  it("lets two users trade when each one's countries (empty: any) hold the other's country", () => {
    const br = { open: true, countries: [], country: 'BR' };
    expect(countriesAllow(br, { open: true, countries: [], country: 'US' })).toBe(true);
    expect(countriesAllow(br, { open: true, countries: ['AR'], country: 'AR' })).toBe(false);
    expect(countriesAllow({ ...br, countries: ['BR'] }, { open: true, countries: [], country: 'AR' })).toBe(false);
    expect(countriesAllow({ ...br, countries: ['BR', 'AR'] }, { open: true, countries: ['BR'], country: 'AR' })).toBe(true);
    // A user without a country cannot satisfy a list.
    expect(countriesAllow({ ...br, countries: ['BR'] }, { open: true, countries: [], country: null })).toBe(false);
  });

  it('refuses a missing switch, a long note and a malformed country (400), signed out (401) and before the terms (403)', async () => {
    for (const body of [{}, { open: 'yes' }, { open: true, note: 'x'.repeat(281) }, { open: true, note: 'a\u0000b' }, { open: true, countries: ['BRA'] }, { open: true, countries: 'BR' }]) {
      const res = await put(body, usopp);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await put({ open: true })).status).toBe(401);
    expect((await get()).status).toBe(401);
    expect((await put({ open: true }, newcomer)).status).toBe(403);
    expect(await settingsOf(await get(newcomer))).toEqual({ open: false, note: null, countries: [] });
  });

  it("shows an open user's note and countries on their profile, and what stands between each viewer and a proposal", async () => {
    const trader = (name: string, cookie?: string) => ctx.app.request(`/api/traders/${name}`, { headers: cookie ? { Cookie: cookie } : {} });
    const zoro = await signUpVerified(ctx, 'zoro-trading@example.com');
    expect((await ctx.app.request('/api/me/accept-terms', postJson({ username: 'zoro_trades', countryCode: 'JP', ageConfirmed: true, tosAccepted: true }, { Cookie: zoro }))).status).toBe(200);
    await settingsOf(await put({ open: true, note: 'Only sleeved copies', countries: ['BR', 'JP'] }, usopp));
    const seen = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      return res.json();
    };
    const shown = { username: 'usopp_trades', open: true, note: 'Only sleeved copies', countries: ['BR', 'JP'] };
    expect(await seen(await trader('USOPP_trades'))).toEqual({ ...shown, blocked: 'signed_out' });
    expect(await seen(await trader('usopp_trades', usopp))).toEqual({ ...shown, blocked: 'self' });
    expect(await seen(await trader('usopp_trades', zoro))).toEqual({ ...shown, blocked: 'not_open' });
    await settingsOf(await put({ open: true }, zoro));
    expect(await seen(await trader('usopp_trades', zoro))).toEqual({ ...shown, blocked: null });
    await settingsOf(await put({ open: true, countries: ['AR'] }, zoro));
    expect(await seen(await trader('usopp_trades', zoro))).toEqual({ ...shown, blocked: 'country' });
    // Closed, never opened and missing users get the same 404, byte for byte; a malformed name a 400.
    await settingsOf(await put({ open: false }, usopp));
    const bodies = [];
    for (const name of ['usopp_trades', 'no_such_user']) {
      const res = await trader(name, zoro);
      expect(res.status).toBe(404);
      bodies.push(await res.text());
    }
    expect(bodies[0]).toContain('TRADER_NOT_FOUND');
    expect(bodies[1]).toBe(bodies[0]);
    expect((await trader('a b')).status).toBe(400);
  });
});
