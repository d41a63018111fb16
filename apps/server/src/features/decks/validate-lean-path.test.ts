/**
 * The lean path of POST /api/decks/validate (ADR 014) over real HTTP: what it answers is byte for byte what the app
 * answers, every case it does not take is answered by the app (errors, limits, origins, the editor's withCards), and
 * the requests it does take really skip the app.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { closeHttpServer, startHttpServer, type NodeHandler } from '../../http-server';
import { API_HEADERS } from '../../lib/security-headers';
import { buildApp } from '../../app';
import { createSeededTestApp, testLog } from '../../testing/test-app';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { validateLeanPath } from './validate-lean-path';

let database: Database;
let app: ReturnType<typeof buildApp>;
let leaderNumber = '';
let server: Server;
let base: string;
/** Requests the app itself answered (the lean path not taken, or handing over). */
let appAnswered = 0;
const MAX_JSON = 64 * 1024;
const PUBLIC_URL = 'https://grandline.example';

/** A legal Standard list from the real library: a red Leader of block 3 and 50 red Characters of that block. */
let LEGAL = '';

beforeAll(async () => {
  const seeded = await createSeededTestApp();
  database = seeded.database;
  app = buildApp({ db: database.db, log: testLog, maxJsonBodyBytes: MAX_JSON, publicUrl: PUBLIC_URL });
  const index = await catalogueIndex(database.db);
  const red = [...index.byId.values()].filter((c) => !c.isVariation && c.colors.length === 1 && c.colors[0] === 'Red' && Number(c.blockIcon) === 3);
  const leader = red.find((c) => c.cardType === 'Leader')!;
  const main = red.filter((c) => c.cardType === 'Character').slice(0, 13);
  leaderNumber = leader.cardNumber;
  LEGAL = [`1x${leader.cardNumber}`, ...main.map((c, i) => `${i === 12 ? 2 : 4}x${c.cardNumber}`)].join('\n');
  const counted = (request: Request) => {
    appAnswered++;
    return app.fetch(request);
  };
  const lean: NodeHandler = validateLeanPath({ db: database.db, maxJsonBodyBytes: MAX_JSON, publicUrl: PUBLIC_URL, app: counted });
  server = startHttpServer({
    fetch: counted,
    port: 0,
    hostname: '127.0.0.1',
    limits: { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, maxConnections: 100 },
    leanPaths: [lean],
  });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await closeHttpServer(server, { graceMs: 1_000 });
  await database.close();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/decks/validate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** The app's own answer to the same request, in process. */
const fromApp = (body: string, headers: Record<string, string> = {}) =>
  app.request('/api/decks/validate', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

async function expectSameAnswer(body: string, headers: Record<string, string> = {}) {
  const before = appAnswered;
  const [viaHttp, viaApp] = await Promise.all([post(body, headers), fromApp(body, headers)]);
  const text = await viaHttp.text();
  expect(viaHttp.status).toBe(viaApp.status);
  expect(text).toBe(await viaApp.text());
  expect(viaHttp.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: viaHttp.status, json: JSON.parse(text) as Record<string, unknown>, headers: viaHttp.headers, appCalls: appAnswered - before };
}

describe('POST /api/decks/validate, lean path', () => {
  it('answers a plain request itself, with the same JSON and the API security headers', async () => {
    const first = await expectSameAnswer(JSON.stringify({ list: LEGAL }));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ valid: true, mainCount: 50, errors: [], lineErrors: [] });
    expect((first.json.leader as { cardNumber: string }).cardNumber).toBe(leaderNumber);
    expect(first.appCalls).toBe(0);
    for (const [name, value] of API_HEADERS) expect(first.headers.get(name)).toBe(value);
    // A list with problems, a browser's request from the app's own origin, and the cached second answer.
    const withProblems = await expectSameAnswer(JSON.stringify({ list: '1xOP01-001\n4xOP01-004\nhello', format: 'standard' }), { origin: 'https://grandline.example' });
    expect(withProblems.json.valid).toBe(false);
    expect(withProblems.appCalls).toBe(0);
    expect((await expectSameAnswer(JSON.stringify({ list: LEGAL }))).appCalls).toBe(0);
  });

  it('serializes the Leader once per card and still answers lists without one', async () => {
    const a = await expectSameAnswer(JSON.stringify({ list: `${LEGAL}\n// a` }));
    const b = await expectSameAnswer(JSON.stringify({ list: `${LEGAL}\n// b` }));
    expect(b.json.leader).toEqual(a.json.leader);
    const none = await expectSameAnswer(JSON.stringify({ list: LEGAL.split('\n').slice(1).join('\n') }));
    expect(none.json.leader).toBeNull();
    const empty = await expectSameAnswer(JSON.stringify({ list: '' }));
    expect(empty.json).toMatchObject({ valid: false, leader: null });
  });

  it('hands every other case to the app, which answers as it always did', async () => {
    const badJson = await expectSameAnswer('{"list": ');
    expect(badJson.status).toBe(400);
    expect(badJson.appCalls).toBe(1);
    const badShape = await expectSameAnswer(JSON.stringify({ list: 42 }));
    expect(badShape.status).toBe(400);
    expect((badShape.json.error as { code: string }).code).toBe('VALIDATION_ERROR');
    const unknownFormat = await expectSameAnswer(JSON.stringify({ list: LEGAL, format: 'nope' }));
    expect(unknownFormat.status).toBe(400);
    const withCards = await expectSameAnswer(JSON.stringify({ list: LEGAL, withCards: true }));
    expect((withCards.json.cards as unknown[]).length).toBe(13);
    expect(withCards.appCalls).toBe(1);
  });

  it('keeps the write rules: other sites refused, bodies over the limit refused before reading, streamed bodies checked', async () => {
    const foreign = await post(JSON.stringify({ list: LEGAL }), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN_ORIGIN');
    const cookieNoOrigin = await post(JSON.stringify({ list: LEGAL }), { cookie: 'a=b' });
    expect(cookieNoOrigin.status).toBe(403);
    const tooLarge = await post(JSON.stringify({ list: 'x'.repeat(MAX_JSON) }));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    const notJson = await expectSameAnswer(JSON.stringify({ list: LEGAL }), { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect(notJson.appCalls).toBe(1);
    // A streamed body (no Content-Length) goes through the app's own limit.
    const before = appAnswered;
    const streamed = await fetch(`${base}/api/decks/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([JSON.stringify({ list: LEGAL })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(200);
    expect(appAnswered - before).toBe(1);
  });

  it('leaves other paths and methods to the app', async () => {
    const before = appAnswered;
    expect((await fetch(`${base}/api/decks/validate`)).status).toBe(404);
    expect((await fetch(`${base}/api/decks/validate?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ list: LEGAL }) })).status).toBe(200);
    expect(appAnswered - before).toBe(2);
  });
});
