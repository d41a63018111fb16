/**
 * Saved searches (issue 42, "Saved searches (fixed API)"): create, list newest first, delete; a query the language
 * cannot read (QUERY_INVALID), a bad name, another user's search (404), signed out (401), and the plan's number:
 * Free keeps 3 (the 4th is PLAN_LIMIT, also under a burst of parallel saves), Hobby unlimited.
 */
import type { SavedSearch, SavedSearchListResponse } from '@grandline/core/contracts/searches';
import { LOCKED_FEATURES } from '@grandline/core/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedSearches } from '../../db/schema/index';
import { createAuthTestApp, grantPlan, postJson, signUpVerified } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let ann: string;
let ben: string;
let hob: string;
let annId: string;

type Answer = { status: number; body: SavedSearch & { error: { code: string; message: string; query?: Record<string, unknown>; feature?: string; limit?: number } } };
const call = async (method: string, path: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<Answer> => {
  const init = body === undefined ? { method, headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: 'http://localhost', ...headers } } : { ...postJson(body, { ...(cookie ? { Cookie: cookie } : {}), ...headers }), method };
  const res = await ctx.app.request(path, init);
  return { status: res.status, body: res.status === 204 ? ({} as Answer['body']) : ((await res.json()) as Answer['body']) };
};
const save = (cookie: string, name: string, q: string, headers?: Record<string, string>) => call('POST', '/api/searches', { name, q }, cookie, headers);
const list = async (cookie: string) => (await call('GET', '/api/searches', undefined, cookie)).body as unknown as SavedSearchListResponse;
const accept = (cookie: string, username: string) => call('POST', '/api/me/accept-terms', { username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, cookie);

beforeAll(async () => {
  ctx = await createAuthTestApp();
  ann = await signUpVerified(ctx, 'ann-searches@example.com');
  ben = await signUpVerified(ctx, 'ben-searches@example.com');
  hob = await signUpVerified(ctx, 'hob-searches@example.com');
  await accept(ann, 'ann_searches');
  await accept(ben, 'ben_searches');
  await accept(hob, 'hob_searches');
  annId = await grantPlan(ctx, 'ann-searches@example.com', 'free');
  await grantPlan(ctx, 'hob-searches@example.com', 'hobby');
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`truncate saved_searches cascade`);
});

describe('saved searches', () => {
  it('saves a search (name trimmed, q as sent) and lists them newest first', async () => {
    const first = await save(ann, '  Red rush  ', 'c:red o:[Rush]');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Red rush', q: 'c:red o:[Rush]', createdAt: expect.any(String) });
    expect(new Date(first.body.createdAt).toISOString()).toBe(first.body.createdAt);
    const second = await save(ann, 'Cheap blockers', 'cost<=2 o:[Blocker]');
    expect(second.status).toBe(201);
    const { items } = await list(ann);
    expect(items.map((s) => s.name)).toEqual(['Cheap blockers', 'Red rush']);
    expect(items[1]).toEqual(first.body);
    // Another user sees none of them.
    expect((await list(ben)).items).toEqual([]);
  });

  it('refuses a query the language cannot read with QUERY_INVALID, in the request language, and keeps nothing', async () => {
    const bad = await save(ann, 'Bad', 'foo:bar');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'QUERY_INVALID', query: { reason: 'UNKNOWN_KEYWORD', position: 0, text: 'foo' } });
    const pt = await save(ann, 'Bad', 'cost>abc', { 'x-grandline-language': 'pt' });
    expect(pt.body.error.code).toBe('QUERY_INVALID');
    const en = await save(ann, 'Bad', 'cost>abc');
    expect(pt.body.error.message).not.toBe(en.body.error.message);
    for (const q of ['(c:red', '', '   ', 'x'.repeat(501), 'c:red '.repeat(1_000), 'r>sr']) expect((await save(ann, 'Bad', q)).body.error.code, q).toBe('QUERY_INVALID');
    expect((await list(ann)).items).toEqual([]);
  });

  it('refuses a missing, blank or too long name with VALIDATION_ERROR', async () => {
    for (const name of ['', '   ', 'n'.repeat(81)]) {
      const res = await save(ann, name, 'c:red');
      expect(res.status, name).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('POST', '/api/searches', { q: 'c:red' }, ann)).body.error.code).toBe('VALIDATION_ERROR');
    expect((await save(ann, 'n'.repeat(80), 'c:red')).status).toBe(201);
  });

  it("deletes one's own search; another user's or a missing one is SEARCH_NOT_FOUND, a malformed id a 400", async () => {
    const { body } = await save(ann, 'Mine', 'c:blue');
    expect((await call('DELETE', `/api/searches/${body.id}`, undefined, ben)).body.error.code).toBe('SEARCH_NOT_FOUND');
    expect((await list(ann)).items).toHaveLength(1);
    expect((await call('DELETE', `/api/searches/${body.id}`, undefined, ann)).status).toBe(204);
    expect((await list(ann)).items).toEqual([]);
    const again = await call('DELETE', `/api/searches/${body.id}`, undefined, ann);
    expect([again.status, again.body.error.code]).toEqual([404, 'SEARCH_NOT_FOUND']);
    const malformed = await call('DELETE', '/api/searches/not-an-id', undefined, ann);
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers 401 signed out', async () => {
    expect((await call('GET', '/api/searches')).status).toBe(401);
    expect((await save('', 'x', 'c:red')).status).toBe(401);
    expect((await call('DELETE', '/api/searches/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});

describe("the plan's number of saved searches", () => {
  it('keeps 3 on Free and refuses the 4th with PLAN_LIMIT, as the other limits answer', async () => {
    for (let i = 1; i <= 3; i++) expect((await save(ann, `S${i}`, `cost:${i}`)).status).toBe(201);
    const fourth = await save(ann, 'S4', 'cost:4');
    expect(fourth.status).toBe(403);
    expect(fourth.body.error).toMatchObject({ code: 'PLAN_LIMIT', message: LOCKED_FEATURES.savedSearches, feature: 'savedSearches', limit: 3 });
    // Deleting one makes room again.
    const { items } = await list(ann);
    expect((await call('DELETE', `/api/searches/${items[0]!.id}`, undefined, ann)).status).toBe(204);
    expect((await save(ann, 'S4', 'cost:4')).status).toBe(201);
  });

  it("holds under a burst of 20 parallel saves by one Free user (on PostgreSQL, without the user's row lock, 4 or more pass)", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => save(ann, `Burst ${i}`, `power>=${i}000`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403).every((a) => a.body.error.code === 'PLAN_LIMIT')).toBe(true);
    expect(await ctx.db.$count(savedSearches, eq(savedSearches.userId, annId))).toBe(3);
  });

  it('is unlimited on Hobby', async () => {
    for (let i = 1; i <= 6; i++) expect((await save(hob, `H${i}`, `cost:${i}`)).status).toBe(201);
    expect((await list(hob)).items).toHaveLength(6);
  });
});
