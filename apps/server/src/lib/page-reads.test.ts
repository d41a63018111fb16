import { describe, expect, it } from 'vitest';
import { onceEachRead } from './page-reads';

/** A stand-in for the app's fetch: counts the calls per method and path, answers JSON (204 for /empty). */
function fakeApi() {
  const calls: string[] = [];
  const fetchApi = async (apiPath: string, init: RequestInit) => {
    calls.push(`${init.method ?? 'GET'} ${apiPath}`);
    if (apiPath === '/api/empty') return new Response(null, { status: 204 });
    if (apiPath === '/api/missing') return Response.json({ code: 'NOT_FOUND' }, { status: 404 });
    return Response.json({ path: apiPath, call: calls.length }, { headers: { 'x-call': String(calls.length) } });
  };
  return { calls, fetchApi };
}

describe("one page's reads of the in-process API (the status check and the drawing ask the same item)", () => {
  it('answers a GET asked twice once, each asker getting the whole answer with its status and headers', async () => {
    const { calls, fetchApi } = fakeApi();
    const api = onceEachRead(fetchApi);
    const [first, second] = await Promise.all([api('/api/decks/d1', { headers: { cookie: 'a=1' } }), api('/api/decks/d1')]);
    // Read one way by the status check (cancelled), the other way by the loader (parsed): neither takes the other's.
    await first.body?.cancel();
    expect(await second.json()).toEqual({ path: '/api/decks/d1', call: 1 });
    expect(second.headers.get('x-call')).toBe('1');
    const third = await api('/api/decks/d1');
    expect(await third.json()).toEqual({ path: '/api/decks/d1', call: 1 });
    expect(calls).toEqual(['GET /api/decks/d1']);
  });

  it('keeps a failure as it was, and asks another path, or a write, each time', async () => {
    const { calls, fetchApi } = fakeApi();
    const api = onceEachRead(fetchApi);
    expect((await api('/api/missing')).status).toBe(404);
    expect(await (await api('/api/missing')).json()).toEqual({ code: 'NOT_FOUND' });
    expect((await api('/api/empty')).status).toBe(204);
    expect((await api('/api/empty')).body).toBeNull();
    await api('/api/decks/d1', { method: 'POST' });
    await api('/api/decks/d1', { method: 'POST' });
    expect(calls).toEqual(['GET /api/missing', 'GET /api/empty', 'POST /api/decks/d1', 'POST /api/decks/d1']);
  });

  it('shares nothing between two pages: each answer has its own reads', async () => {
    const { calls, fetchApi } = fakeApi();
    await onceEachRead(fetchApi)('/api/me');
    await onceEachRead(fetchApi)('/api/me');
    expect(calls).toEqual(['GET /api/me', 'GET /api/me']);
  });
});
