import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TournamentAdminResponse, TournamentUploadResponse } from '@grandline/core/contracts/tournaments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../app';
import { decks, tournamentRuns, tournaments, tournamentStandings } from '../../db/schema/index';
import { DEFAULT_TOURNAMENT_CONFIG, type TournamentConfig } from '../../lib/tournament-config';
import { startFeedServer, type FeedServer } from '../../testing/feed-server';
import { limitlessRoutes, limitlessStanding, mirrorTournaments, REAL_LISTS } from '../../testing/limitless-mirror';
import { createAuthTestApp, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { tournamentsGeneration, TOURNAMENTS_CHANNEL } from './ingest.service';
import { runTournamentSource } from './tournament-runs.service';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let server: FeedServer;
let config: TournamentConfig;
let admin: string;
let user: string;
/** The jobs the routes asked to run, and the last one's promise (the scheduler's runNow, played here). */
let jobs: string[] = [];
let lastJob: Promise<unknown> = Promise.resolve();
const notified: string[] = [];
const events = {
  listen: () => Promise.resolve(() => Promise.resolve()),
  notify: (channel: string) => {
    notified.push(channel);
    return Promise.resolve();
  },
};

const runJob = (name: string) => {
  jobs.push(name);
  lastJob = runTournamentSource({ db: ctx.db, events, log: testLog, config, source: 'limitless', trigger: 'admin' });
  return lastJob;
};
const app = (options: Partial<AppOptions> = {}) =>
  buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, tournaments: config, runJob, events, maxUploadBytes: 16 * 1024, ...options });

type Call = { method?: string; json?: unknown; body?: string; cookie?: string };
async function call<T = unknown>(url: string, { method = 'GET', json, body, cookie }: Call = {}, target = app()) {
  const headers: Record<string, string> = { Origin: TEST_PUBLIC_URL };
  if (cookie) headers.Cookie = cookie;
  if (json !== undefined || body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await target.request(`/api${url}`, { method, headers, body: body ?? (json !== undefined ? JSON.stringify(json) : undefined) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
type Problem = { error: { code: string; message: string } };

/** The format notes' own sample (fixtures/limitless-sample: an invented two-player tournament). */
const sampleDir = path.resolve(__dirname, 'fixtures/limitless-sample');
const SAMPLE_ID = '0123456789abcdef01234567';
const sample = (file: string) => JSON.parse(readFileSync(path.join(sampleDir, `tournaments/${SAMPLE_ID}/${file}`), 'utf8')) as unknown;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['nico.robin@example.com'] });
  admin = await signUpVerified(ctx, 'nico.robin@example.com');
  user = await signUpVerified(ctx, 'brook@example.com');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await ctx?.database.close();
});
beforeEach(async () => {
  await ctx.db.execute(sql`truncate tournaments, tournament_runs cascade`);
  await ctx.db.execute(sql`delete from decks where user_id is null`);
  await server?.close();
  // A mirror of two tournaments; the newer one's second list plays a number the library lacks.
  const list = mirrorTournaments({ count: 2, standings: 2 });
  const withGap = limitlessStanding(REAL_LISTS[3]!, 2, 2);
  withGap.decklist.character.push({ count: 1, set: 'OP99', number: '001', name: 'Not in the library' });
  list[0]!.standings[1] = withGap;
  server = await startFeedServer(limitlessRoutes(list, { pageSize: 50 }));
  config = { ...DEFAULT_TOURNAMENT_CONFIG, sources: ['limitless'], limitlessBaseUrl: `${server.url}/api`, pauseMs: 0, backoffMs: 1, timeoutMs: 10_000 };
  jobs = [];
  lastJob = Promise.resolve();
  notified.length = 0;
});

describe('admin tournaments: access', () => {
  it('is for admins only: 401 signed out, 403 for other users, on every endpoint', async () => {
    const endpoints: [string, Call][] = [
      ['/admin/tournaments', {}],
      ['/admin/tournaments/run', { method: 'POST', json: { source: 'limitless' } }],
      ['/admin/tournaments/upload', { method: 'POST', json: { details: sample('details'), standings: sample('standings') } }],
      [`/admin/tournaments/${SAMPLE_ID}`, { method: 'PATCH', json: { format: 'extra' } }],
    ];
    for (const [url, init] of endpoints) {
      expect((await call<Problem>(url, init)).status, `${init.method ?? 'GET'} ${url}`).toBe(401);
      const refused = await call<Problem>(url, { ...init, cookie: user });
      expect(refused.status, `${init.method ?? 'GET'} ${url}`).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    expect(jobs).toEqual([]);
    expect(await ctx.db.select().from(tournaments)).toEqual([]);
  });
});

describe('admin tournaments: run now and the overview', () => {
  it('runs the source through the scheduler, then lists the run, the gap with its tournament and placing, and the tournaments', async () => {
    const empty = await call<TournamentAdminResponse>('/admin/tournaments', { cookie: admin });
    expect(empty).toEqual({ status: 200, body: { sources: ['limitless'], runs: [], gaps: [], gapsTotal: 0, tournaments: [] } });
    const started = await call('/admin/tournaments/run', { method: 'POST', json: { source: 'limitless' }, cookie: admin });
    expect(started).toEqual({ status: 202, body: { started: true, source: 'limitless' } });
    expect(jobs).toEqual(['tournaments-limitless']);
    await lastJob;
    const { body } = await call<TournamentAdminResponse>('/admin/tournaments', { cookie: admin });
    expect(body.runs).toEqual([
      expect.objectContaining({ source: 'limitless', trigger: 'admin', status: 'succeeded', counts: { tournaments: 2, standings: 4, skipped: 0, unmatched: 1, failed: 0 }, error: null }),
    ]);
    const newest = mirrorTournaments({ count: 1, standings: 2 })[0]!;
    expect(body.gaps).toEqual([{ tournamentId: newest.id, tournamentName: newest.name, placing: 2, cardNumber: 'OP99-001', name: 'Not in the library', quantity: 1, section: 'character' }]);
    expect(body.gapsTotal).toBe(1);
    expect(body.tournaments.map((t) => [t.id, t.date, t.format, t.formatByAdmin, t.lists, t.source])).toEqual([
      [newest.id, '2026-07-04', 'standard', false, 2, 'limitless'],
      [expect.any(String), '2026-07-03', 'standard', false, 2, 'limitless'],
    ]);
  });

  it('refuses a source not configured here (400, saying what to set), an unknown one, and a process without jobs', async () => {
    const off = app({ tournaments: DEFAULT_TOURNAMENT_CONFIG });
    const refused = await call<Problem>('/admin/tournaments/run', { method: 'POST', json: { source: 'limitless' }, cookie: admin }, off);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'SOURCE_NOT_CONFIGURED', message: expect.stringContaining('TOURNAMENT_SOURCES=limitless') as unknown });
    expect((await call<TournamentAdminResponse>('/admin/tournaments', { cookie: admin }, off)).body.sources).toEqual([]);
    const unknown = await call<Problem>('/admin/tournaments/run', { method: 'POST', json: { source: 'melee' }, cookie: admin });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const noJobs = await call<Problem>('/admin/tournaments/run', { method: 'POST', json: { source: 'limitless' }, cookie: admin }, app({ runJob: undefined }));
    expect([noJobs.status, noJobs.body.error.code]).toEqual([409, 'JOB_UNAVAILABLE']);
    await ctx.db.insert(tournamentRuns).values({ source: 'limitless', trigger: 'schedule', status: 'running' });
    const going = await call<Problem>('/admin/tournaments/run', { method: 'POST', json: { source: 'limitless' }, cookie: admin });
    expect([going.status, going.body.error.code]).toEqual([409, 'RUN_IN_PROGRESS']);
    expect(jobs).toEqual([]);
  });
});

describe('admin tournaments: upload of one tournament', () => {
  it('stores the two documents and answers the counts; again, nothing new', async () => {
    const generation = tournamentsGeneration();
    const first = await call<TournamentUploadResponse>('/admin/tournaments/upload', { method: 'POST', json: { details: sample('details'), standings: sample('standings') }, cookie: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tournaments: 1, standings: 1, skipped: 1, unmatched: 0, tournamentId: SAMPLE_ID });
    expect(tournamentsGeneration()).toBeGreaterThan(generation);
    expect(notified).toEqual([TOURNAMENTS_CHANNEL]);
    const [row] = await ctx.db.select().from(tournaments).where(eq(tournaments.id, SAMPLE_ID));
    expect(row).toMatchObject({ source: 'upload', name: 'Example Weekly #1' });
    const again = await call<TournamentUploadResponse>('/admin/tournaments/upload', { method: 'POST', json: { details: sample('details'), standings: sample('standings') }, cookie: admin });
    expect(again.body).toMatchObject({ tournaments: 0, standings: 0, skipped: 1, unmatched: 0 });
    const runs = await ctx.db.select().from(tournamentRuns).orderBy(tournamentRuns.id);
    expect(runs.map((r) => [r.source, r.trigger, r.status])).toEqual([
      ['upload', 'upload', 'succeeded'],
      ['upload', 'upload', 'succeeded'],
    ]);
  });

  it('answers a wrong document with a 400 and the reason, never a 500, and a body over the cap with 413', async () => {
    const cases: [Call, string, RegExp][] = [
      [{ json: { details: { name: 'No id' }, standings: [] } }, 'INVALID_TOURNAMENT', /not a tournament: id/],
      [{ json: { details: sample('details'), standings: { not: 'a list' } } }, 'INVALID_TOURNAMENT', /standings are not a list/],
      [{ json: { details: 'text', standings: [] } }, 'INVALID_TOURNAMENT', /not a tournament/],
      [{ json: {} }, 'VALIDATION_ERROR', /details/],
      [{ body: '{"details": ' }, 'VALIDATION_ERROR', /./],
    ];
    for (const [init, code, message] of cases) {
      const res = await call<Problem>('/admin/tournaments/upload', { method: 'POST', cookie: admin, ...init });
      expect([res.status, res.body.error.code], JSON.stringify(init)).toEqual([400, code]);
      expect(res.body.error.message).toMatch(message);
    }
    const big = { details: sample('details'), standings: Array.from({ length: 40 }, (_, i) => limitlessStanding(REAL_LISTS[i % REAL_LISTS.length]!, i + 1, 40)) };
    const tooLarge = await call<Problem>('/admin/tournaments/upload', { method: 'POST', json: big, cookie: admin });
    expect([tooLarge.status, tooLarge.body.error.code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(await ctx.db.select().from(tournaments)).toEqual([]);
  });
});

describe('admin tournaments: format correction', () => {
  it("sets the tournament's format and its lists', marks it as an admin's, and a later read keeps it", async () => {
    await call('/admin/tournaments/upload', { method: 'POST', json: { details: sample('details'), standings: sample('standings') }, cookie: admin });
    notified.length = 0;
    const generation = tournamentsGeneration();
    const res = await call(`/admin/tournaments/${SAMPLE_ID}`, { method: 'PATCH', json: { format: 'extra' }, cookie: admin });
    expect(res).toEqual({ status: 200, body: { id: SAMPLE_ID, name: 'Example Weekly #1', date: '2026-09-01', players: 2, source: 'upload', format: 'extra', formatByAdmin: true, lists: 1 } });
    const lists = await ctx.db.select({ format: decks.format }).from(decks).innerJoin(tournamentStandings, eq(tournamentStandings.deckId, decks.id));
    expect(lists).toEqual([{ format: 'extra' }]);
    expect(tournamentsGeneration()).toBeGreaterThan(generation);
    expect(notified).toEqual([TOURNAMENTS_CHANNEL]);
    // Read again from the source: the admin's format stays.
    await call('/admin/tournaments/upload', { method: 'POST', json: { details: sample('details'), standings: sample('standings') }, cookie: admin });
    const [row] = await ctx.db.select().from(tournaments).where(eq(tournaments.id, SAMPLE_ID));
    expect(row).toMatchObject({ format: 'extra', formatByAdmin: true });
  });

  it('answers 404 for an unknown tournament and 400 for a wrong format or id', async () => {
    const missing = await call<Problem>('/admin/tournaments/no-such-id', { method: 'PATCH', json: { format: 'extra' }, cookie: admin });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'TOURNAMENT_NOT_FOUND']);
    const wrong = await call<Problem>(`/admin/tournaments/${SAMPLE_ID}`, { method: 'PATCH', json: { format: 'block' }, cookie: admin });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const badId = await call<Problem>('/admin/tournaments/bad%20id', { method: 'PATCH', json: { format: 'extra' }, cookie: admin });
    expect(badId.status).toBe(400);
  });
});
