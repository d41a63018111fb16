import type { ValidateDeckListResponse } from '@grandline/core/contracts/decks';
import type { Regulation, RegulationsResponse } from '@grandline/core/contracts/regulations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { clearRegulationsCache } from './regulations.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let admin: string;
let player: string;

const send = (path: string, body: unknown, cookie?: string) => ctx.app.request(path, postJson(body, cookie ? { Cookie: cookie } : {}));
const get = (path: string, cookie?: string) => ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
const validate = async (body: Record<string, unknown>) => (await (await send('/api/decks/validate', body)).json()) as ValidateDeckListResponse;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['vegapunk@example.com'] });
  admin = await signUpVerified(ctx, 'vegapunk@example.com');
  player = await signUpVerified(ctx, 'usopp-rules@example.com');
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

/** A legal list of the real library around `leaderNumber`: the Leader and 50 cards of its colors (block 3 and later). */
async function listAround(leaderNumber: string, include: string[] = []) {
  const index = await catalogueIndex(ctx.db);
  const leader = index.baseByNumber.get(`onepiece:${leaderNumber}`)!;
  const fill = [...index.baseByNumber.values()].filter(
    (c) => c.cardType === 'Character' && c.colors.length === 1 && leader.colors.includes(c.colors[0]!) && Number(c.rotationBlock ?? c.blockIcon) >= 3 && !include.includes(c.cardNumber) && !/any number/i.test(c.cardText ?? ''),
  );
  const numbers = [...include, ...fill.map((c) => c.cardNumber)].slice(0, 13);
  return [`1x${leaderNumber}`, ...numbers.map((n, i) => `${i === 12 ? 2 : 4}x${n}`)].join('\n');
}

describe('GET /api/deck-regulations', () => {
  it('lists the shipped entries with their period, source and status on today', async () => {
    const res = await get('/api/deck-regulations');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as RegulationsResponse;
    const mihawk = items.find((r) => r.cardNumber === 'OP14-020')!;
    expect(mihawk).toMatchObject({ kind: 'banned', from: '2026-10-12', until: null, shipped: true, source: 'https://en.onepiece-cardgame.com/news/restriction-261001.html' });
    expect(mihawk).not.toHaveProperty('createdBy');
    expect(items.find((r) => r.cardNumber === 'OP05-041')).toMatchObject({ until: '2025-08-30', status: 'ended' });
    expect(items.filter((r) => r.kind === 'pair').map((r) => `${r.cardNumber}+${r.pairedWith}`)).toEqual(['OP07-115+EB04-058', 'OP11-040+OP08-069', 'OP11-040+OP11-067']);
    // Newest first.
    expect(items.map((r) => r.from)).toEqual([...items.map((r) => r.from)].sort().reverse());
    expect((await get('/api/deck-regulations?game=chess')).status).toBe(400);
  });
});

describe('POST /api/decks/validate on a chosen date', () => {
  it('refuses a banned pair (OP11-040 Luffy with OP11-067 Katakuri) from 2025-08-30, and not the day before', async () => {
    const list = await listAround('OP11-040', ['OP11-067']);
    const today = await validate({ list, format: 'extra' });
    expect(today.errors).toEqual([
      { code: 'BANNED_PAIR', message: 'OP11-040 and OP11-067 may not be in the same deck', params: { first: 'OP11-040', second: 'OP11-067' }, cards: ['OP11-040', 'OP11-067'] },
    ]);
    expect((await validate({ list, format: 'extra', date: '2025-08-29' })).valid).toBe(true);
    expect((await validate({ list: list.replace('OP11-067', 'OP11-041'), format: 'extra' })).errors.map((e) => e.code)).not.toContain('BANNED_PAIR');
  });

  it('judges a ban on its period: Sakazuki (OP05-041) from 2024-06-21 until 2025-08-30', async () => {
    const list = await listAround('OP05-041');
    expect((await validate({ list, format: 'extra', date: '2024-06-20' })).valid).toBe(true);
    expect((await validate({ list, format: 'extra', date: '2024-06-21' })).errors.map((e) => [e.code, e.cards])).toEqual([['BANNED', ['OP05-041']]]);
    expect((await validate({ list, format: 'extra', date: '2025-08-30' })).valid).toBe(true);
  });

  it('refuses a date that is not a calendar day', async () => {
    for (const date of ['2026-02-30', '26-11-2026', 'today', 20261126]) {
      const res = await send('/api/decks/validate', { list: '1xOP01-001', date });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Enter a date as YYYY-MM-DD');
    }
  });
});

describe('admin: add and end entries', () => {
  const entry = { kind: 'banned', cardNumber: 'op09-004', from: '2026-01-05', source: 'https://en.onepiece-cardgame.com/rules/restriction', note: 'A test ban' };

  it('is for admins only', async () => {
    expect((await send('/api/admin/deck-regulations', entry)).status).toBe(401);
    expect((await send('/api/admin/deck-regulations', entry, player)).status).toBe(403);
    expect((await get('/api/admin/deck-regulations', player)).status).toBe(403);
    expect((await send('/api/admin/deck-regulations/1/end', { until: '2026-11-01' }, player)).status).toBe(403);
  });

  it('adds a ban that judges decks at once, refuses it twice, ends it and keeps it in the history', async () => {
    const list = await listAround('OP09-001', ['OP09-004']);
    expect((await validate({ list, format: 'extra' })).valid).toBe(true);

    const res = await send('/api/admin/deck-regulations', entry, admin);
    expect(res.status).toBe(201);
    const added = (await res.json()) as Regulation;
    expect(added).toMatchObject({ kind: 'banned', cardNumber: 'OP09-004', pairedWith: null, from: '2026-01-05', until: null, status: 'inForce', shipped: false, createdBy: 'vegapunk', note: 'A test ban' });
    expect((await validate({ list, format: 'extra' })).errors.map((e) => [e.code, e.cards])).toEqual([['BANNED', ['OP09-004']]]);
    expect((await validate({ list, format: 'extra', date: '2026-01-04' })).valid).toBe(true);

    const twice = await send('/api/admin/deck-regulations', { ...entry, cardNumber: 'OP09-004' }, admin);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('REGULATION_EXISTS');

    const early = await send(`/api/admin/deck-regulations/${added.id}/end`, { until: '2026-01-05' }, admin);
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe('The end date must be after the start date');

    const ended = await send(`/api/admin/deck-regulations/${added.id}/end`, { until: '2026-03-01' }, admin);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ until: '2026-03-01', status: 'ended', endedBy: 'vegapunk' });
    expect((await validate({ list, format: 'extra' })).valid).toBe(true);
    expect((await validate({ list, format: 'extra', date: '2026-02-01' })).valid).toBe(false);
    expect((await send(`/api/admin/deck-regulations/${added.id}/end`, { until: '2026-04-01' }, admin)).status).toBe(409);
    expect((await send('/api/admin/deck-regulations/999999/end', { until: '2026-04-01' }, admin)).status).toBe(404);

    const history = (await (await get('/api/admin/deck-regulations', admin)).json()) as RegulationsResponse;
    expect(history.items.find((r) => r.id === added.id)).toMatchObject({ createdBy: 'vegapunk', endedBy: 'vegapunk', status: 'ended' });
  });

  it('adds a banned pair, seen by another replica once it reads the entries again', async () => {
    const list = await listAround('OP09-001', ['OP09-005', 'OP09-006']);
    const res = await send('/api/admin/deck-regulations', { kind: 'pair', cardNumber: 'OP09-005', pairedWith: 'OP09-006', from: '2026-01-01', source: 'https://en.onepiece-cardgame.com/rules/restriction' }, admin);
    expect(res.status).toBe(201);
    clearRegulationsCache(); // what another replica does after REGULATIONS_TTL_MS
    expect((await validate({ list, format: 'extra' })).errors.map((e) => e.code)).toEqual(['BANNED_PAIR']);
  });

  it('explains every bad entry', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...entry, cardNumber: 'Luffy' }, 'Enter a card number such as OP01-016, ST10-001 or P-001'],
      [{ ...entry, from: '2026-13-01' }, 'Enter a date as YYYY-MM-DD'],
      [{ ...entry, source: 'http://example.com/list' }, 'Enter the https address of the announcement'],
      [{ ...entry, source: 'javascript:alert(1)' }, 'Enter the https address of the announcement'],
      [{ ...entry, kind: 'pair' }, 'A pair needs two different card numbers'],
      [{ ...entry, kind: 'pair', pairedWith: 'OP09-004' }, 'A pair needs two different card numbers'],
      [{ ...entry, pairedWith: 'OP09-005' }, 'Only a pair has a second card'],
      [{ ...entry, until: '2026-01-01' }, 'The end date must be after the start date'],
      [{ ...entry, note: 'x'.repeat(501) }, 'The text is too long'],
      [{ ...entry, kind: 'errata' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await send('/api/admin/deck-regulations', body, admin);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(message) });
    }
  });
});
