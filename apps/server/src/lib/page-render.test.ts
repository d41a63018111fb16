import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createPageRenderer, encodePage, hasSessionCookie, isMobileRequest, withRenderedPage, type PageRequest } from './page-render';

/**
 * A stand-in for apps/web/dist-ssr/entry-server.js: it records each call (and how many run at once), answers after
 * a delay, and fails or hangs when the address asks it to.
 */
const ENTRY = `
export const calls = [];
let running = 0;
export let mostAtOnce = 0;
export async function render(request) {
  running++;
  mostAtOnce = Math.max(mostAtOnce, running);
  calls.push(request);
  try {
    const url = new URL(request.url);
    const wait = Number(url.searchParams.get('wait') ?? 5);
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (url.searchParams.has('fail')) throw new Error('render failed');
    if (url.searchParams.has('none')) return null;
    const answer = await request.api('/api/health', {});
    return { html: '<main><h1>' + url.pathname + ' ' + (await answer.text()) + '</h1></main>', state: '{"language":"' + request.acceptedLanguage + '"}', language: request.acceptedLanguage };
  } finally {
    running--;
  }
}
`;

let dir: string;
let entry: { calls: { url: string; mobile: boolean; cookie?: string }[]; mostAtOnce: number };
const log = createLogger('silent');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-ssr-'));
  fs.writeFileSync(path.join(dir, 'entry-server.js'), ENTRY);
  entry = (await import(path.join(dir, 'entry-server.js'))) as typeof entry;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const request = (url: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  pathname: new URL(url, 'http://x').pathname,
  url,
  origin: 'http://localhost:3000',
  cookie: undefined,
  acceptedLanguage: 'en',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  mobileHint: undefined,
  api: () => Promise.resolve(new Response('ok')),
  ...extra,
});

describe('server-drawn pages', () => {
  it('draws /, /cards, a card, the sets, a shared binder and a public deck for visitors; for a session cookie their own pages too, never kept', async () => {
    const renderer = createPageRenderer(dir, log)!;
    const before = entry.calls.length;
    const visitor = await renderer.render(request('/cards?q=only1'));
    expect(visitor?.html).toBe('<main><h1>/cards ok</h1></main>');
    expect(visitor?.personal).toBe(false);
    expect((await renderer.render(request('/?only=2')))?.html).toBe('<main><h1>/ ok</h1></main>');
    const card = await renderer.render(request('/cards/onepiece/123-OP01-001-zoro'));
    expect(card?.html).toBe('<main><h1>/cards/onepiece/123-OP01-001-zoro ok</h1></main>');
    expect(card?.personal).toBe(false);
    const deck = await renderer.render(request('/deck/0f8fad5b-d9cb-469f-a165-70867728950e'));
    expect(deck?.personal).toBe(false);
    for (const url of ['/sets', '/sets/op-01']) expect((await renderer.render(request(url)))?.html, url).toBe(`<main><h1>${url} ok</h1></main>`);
    for (const url of ['/sets/op-01/x', '/deck/1', '/deck/0f8fad5b-d9cb-469f-a165-70867728950e/edit', '/dashboard', '/collection', '/cards/onepiece/123/x']) expect(await renderer.render(request(url)), url).toBeNull();
    expect(entry.calls.length - before).toBe(6);

    const session = { cookie: 'theme=x; better-auth.session_token=abc.def' };
    const binder = '/collection/0f8fad5b-d9cb-469f-a165-70867728950e';
    const own = ['/dashboard', '/cards', '/cards/onepiece/123-OP01-001-zoro', '/sets', '/sets/op-01', '/collection', binder, '/deck/0f8fad5b-d9cb-469f-a165-70867728950e', '/deck/0f8fad5b-d9cb-469f-a165-70867728950e/edit'];
    for (const url of own) {
      const page = await renderer.render(request(url, session));
      expect(page?.html, url).toBe(`<main><h1>${url} ok</h1></main>`);
      expect(page?.personal, url).toBe(true);
    }
    for (const url of ['/sets/op-01/x', '/deck/1', '/deck/0f8fad5b-d9cb-469f-a165-70867728950e/x', '/settings', '/admin', '/cards/onepiece/123/x']) expect(await renderer.render(request(url, session)), url).toBeNull();
    // Never kept: the same page asked again is drawn again, for whichever session asks.
    const drawn = entry.calls.length;
    await renderer.render(request('/dashboard', session));
    await renderer.render(request('/dashboard', { cookie: '__Secure-better-auth.session_token=abc' }));
    expect(entry.calls.length - drawn).toBe(2);
    expect(entry.calls.at(-1)!.cookie).toBe('__Secure-better-auth.session_token=abc');
  });

  it('draws one page at a time, and keeps a drawn page a while for the same address, preferences and device', async () => {
    const renderer = createPageRenderer(dir, log)!;
    const before = entry.calls.length;
    const pages = await Promise.all([1, 2, 3, 4].map((n) => renderer.render(request(`/cards?q=queue${n}&wait=20`))));
    expect(pages.every((p) => p !== null)).toBe(true);
    expect(entry.mostAtOnce).toBe(1);
    expect(entry.calls.length - before).toBe(4);

    // Kept: the same address again is not drawn again; another language, device class or cookie is.
    const again = await renderer.render(request('/cards?q=queue1&wait=20'));
    expect(again).toBe(pages[0]);
    expect(entry.calls.length - before).toBe(4);
    await renderer.render(request('/cards?q=queue1&wait=20', { acceptedLanguage: 'pt' }));
    await renderer.render(request('/cards?q=queue1&wait=20', { userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' }));
    await renderer.render(request('/cards?q=queue1&wait=20', { cookie: 'gl_prefs=selectedCurrency%3DBRL' }));
    expect(entry.calls.length - before).toBe(7);
    expect(entry.calls.at(-2)!.mobile).toBe(true);
  });

  it('leaves the page to the browser when drawing fails, is slow, or too many wait', async () => {
    const renderer = createPageRenderer(dir, log)!;
    expect(await renderer.render(request('/cards?fail=1'))).toBeNull();
    expect(await renderer.render(request('/cards?none=1'))).toBeNull();
    const started = Date.now();
    expect(await renderer.render(request('/cards?wait=2600'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_500);
    // The slow one still holds the turn: a crowd behind it gets the plain shell rather than a queue.
    const crowd = await Promise.all(Array.from({ length: 12 }, (_, n) => renderer.render(request(`/cards?q=crowd${n}&wait=1`))));
    expect(crowd.filter((p) => p === null).length).toBeGreaterThanOrEqual(4);
  }, 10_000);

  it('is absent when apps/web was built without the server entry', () => {
    expect(createPageRenderer(path.join(dir, 'missing'), log)).toBeNull();
  });

  it('puts the page into the shell: inside the root element, its state beside it, its language on <html>', () => {
    const shell = '<!doctype html><html lang="en" class="dark"><head></head><body>\n<div id="root">\n  <div class="placeholder"><div>…</div></div>\n</div>\n</body></html>';
    const html = withRenderedPage(shell, { html: '<main>page</main>', state: '{"a":"\\u003c/script>"}', language: 'pt' });
    expect(html).toBe('<!doctype html><html lang="pt" class="dark"><head></head><body>\n<div id="root"><main>page</main></div><script type="application/json" id="ssr-state">{"a":"\\u003c/script>"}</script>\n</body></html>');
    expect(withRenderedPage('<p>no root</p>', { html: 'x', state: '{}', language: 'en' })).toBe('<p>no root</p>');
  });

  it("puts the page's own title in place of the shell's, once (React writes it first in its drawing)", () => {
    const shell = '<html lang="en"><head><title>Grand Line — One Piece TCG companion</title></head><body><div id="root">…</div></body></html>';
    const drawn = '<link rel="preload" as="image" imageSrcSet="/a.webp 160w"/><title>Roronoa Zoro (OP01-001) · Grand Line</title><div><h1>Roronoa Zoro</h1><svg><title>icon</title></svg></div>';
    const html = withRenderedPage(shell, { html: drawn, state: '{}', language: 'en' });
    expect(html).toBe(
      '<html lang="en"><head><title>Roronoa Zoro (OP01-001) · Grand Line</title></head><body><div id="root"><link rel="preload" as="image" imageSrcSet="/a.webp 160w"/><div><h1>Roronoa Zoro</h1><svg><title>icon</title></svg></div></div><script type="application/json" id="ssr-state">{}</script></body></html>',
    );
    // A page without a title of its own (or one only inside the page, as an SVG's) keeps the shell's.
    const untitled = withRenderedPage(shell, { html: '<main><svg><title>icon</title></svg></main>', state: '{}', language: 'en' });
    expect(untitled).toContain('<head><title>Grand Line — One Piece TCG companion</title></head>');
    expect(untitled).toContain('<main><svg><title>icon</title></svg></main>');
  });

  it('sends the page compressed as the browser accepts, made once per kept page', () => {
    const page = { html: '<main>x</main>', state: '{}', language: 'en' as const };
    const html = `<html>${'<div class="tile">card</div>'.repeat(500)}</html>`;
    const br = encodePage(page, html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(html);
    expect(encodePage(page, html, 'br').body).toBe(br.body);
    const gzip = encodePage(page, html, 'gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(html);
    expect(encodePage(page, html, undefined)).toEqual({ body: html });
  });

  it('tells phones from the client hint first, else the user agent; and finds session cookies by name', () => {
    expect(isMobileRequest('Mozilla/5.0 (X11; Linux x86_64)', '?1')).toBe(true);
    expect(isMobileRequest('Mozilla/5.0 (Linux; Android 14) Mobile', '?0')).toBe(false);
    expect(isMobileRequest('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', undefined)).toBe(true);
    expect(isMobileRequest(undefined, undefined)).toBe(false);
    // An Android tablet (no "Mobile") gets the wider page.
    expect(isMobileRequest('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', undefined)).toBe(false);
    expect(hasSessionCookie('gl_prefs=a; better-auth.session_token=x')).toBe(true);
    expect(hasSessionCookie('better-auth.session_token_old=x; session_token=y')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
