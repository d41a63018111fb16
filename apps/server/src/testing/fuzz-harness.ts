/**
 * What the two fuzz walks share (openapi-fuzz and auth-fuzz security tests): an app seeded with the card library, an
 * administrator and a second user who accepted the terms, the request and the answer check, and the report each walk
 * writes to test-results/security/<name>.json and prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { HOSTILE_VALUES, leaksInternals } from './hostile-values';
import { createAuthTestApp, signUpVerified, TEST_PUBLIC_URL } from './test-app';

export const ADMIN_EMAIL = 'fuzz-admin@example.com';
// Strong enough for any password policy (length, classes, not a common password).
export const PASSWORD = 'Fz!9qLw2#vRt7-Kp';

interface Failure {
  what: string;
  value: string;
  status: number;
  body: string;
}

export type FuzzRun = Awaited<ReturnType<typeof startFuzzRun>>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The app, its two users, and the counters of one walk. */
export async function startFuzzRun() {
  const ctx = await createAuthTestApp({ seed: true, adminEmails: [ADMIN_EMAIL] });
  const failures: Failure[] = [];
  const stats = { operations: 0, authEndpoints: 0, fields: 0, requests: 0, byStatus: {} as Record<string, number> };
  /** Per operation: the slots fuzzed and the requests sent (hostile values × slots × sessions, plus the base calls). */
  const perOperation: { operation: string; slots: string[]; requests: number }[] = [];

  const send = (method: string, url: string, init: { body?: string; type?: string; cookie?: string } = {}) => {
    const headers: Record<string, string> = { Origin: TEST_PUBLIC_URL, Accept: 'application/json' };
    if (init.type) headers['Content-Type'] = init.type;
    if (init.cookie) headers.Cookie = init.cookie;
    return ctx.app.request(url, { method, headers, body: init.body });
  };

  /** Counts the answer; a 5xx, a stack trace, or (ours) a 4xx without the JSON error object is a failure. */
  const check = async (what: string, valueName: string, res: Response, ours: boolean) => {
    stats.requests++;
    stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
    // A live stream (the notifications' event stream) that opened never ends: its opening was the answer.
    if (res.status < 300 && res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return;
    }
    const body = await res.text();
    const fail = (reason: string) => failures.push({ what: `${what} (${reason})`, value: valueName, status: res.status, body: body.slice(0, 300) });
    if (res.status >= 500) return fail('5xx');
    if (leaksInternals(body)) return fail('stack trace');
    if (ours && res.status >= 400) {
      const parsed = parseJson(body) as { error?: { code?: unknown; message?: unknown } } | null;
      if (typeof parsed?.error?.code !== 'string' || typeof parsed.error.message !== 'string') fail('4xx without the JSON error object');
    }
  };

  /** The administrator's session: every operation is tried signed in as them. */
  const admin = await signUpVerified(ctx, ADMIN_EMAIL, PASSWORD);
  /** A second user whose password, name and picture the better-auth endpoints fuzz (their session may be renewed). */
  const authUser = { email: 'fuzz-auth@example.com', cookie: await signUpVerified(ctx, 'fuzz-auth@example.com', PASSWORD) };
  const accept = (cookie: string, username: string) =>
    send('POST', '/api/me/accept-terms', { body: JSON.stringify({ username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }), type: 'application/json', cookie });
  expect((await accept(admin, 'fuzz_admin')).status).toBe(200);
  expect((await accept(authUser.cookie, 'fuzz_auth')).status).toBe(200);
  const me = (await (await ctx.app.request('/api/me', { headers: { Cookie: authUser.cookie } })).json()) as { user: { id: string } };

  /** Writes the walk's report, prints its counts, and closes the database. */
  const finish = async (name: string) => {
    const summary = {
      operations: stats.operations,
      authEndpoints: stats.authEndpoints,
      fieldsFuzzed: stats.fields,
      hostileValuesPerField: HOSTILE_VALUES.length,
      requests: stats.requests,
      byStatus: stats.byStatus,
      perOperation,
      failures: failures.length,
      failureList: failures,
    };
    const dir = path.resolve(import.meta.dirname, '../../../../test-results/security');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `${name}: ${stats.operations} operations and ${stats.authEndpoints} auth endpoints, ${stats.fields} fields × ${HOSTILE_VALUES.length} hostile values, ` +
        `${stats.requests} requests, ${failures.length} failures; statuses ${JSON.stringify(stats.byStatus)}`,
    );
    await ctx.database.close();
  };

  return { ctx, admin, authUser, otherUserId: me.user.id, failures, stats, perOperation, send, check, finish };
}
