import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Logger } from './logger';
import { sessionCookieValue } from './session-cache';

/**
 * Public pages drawn on the server for visitors who are not signed in (ADR 019): the app's own React tree, rendered
 * by apps/web/dist-ssr/entry-server.js (`vite build --ssr`), so the page's content is in the first answer and paints
 * before the app's code has run; the browser then hydrates it. Anything that goes wrong (no SSR build, an error, a
 * slow answer, a queue too long) leaves the page to the browser: the plain shell goes out, as without this.
 *
 * The app's modules keep single instances (its query cache, i18next), so pages are drawn one at a time; a drawn page
 * is kept a minute for the same address, preferences, language and device class.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * The pages drawn here for visitors: the ones they land on (the home page, the library, a card or a set from a search
 * engine or a shared link, the list of sets, a binder or a deck shared by its link). A card page only at its own address: any other spelling was
 * redirected to it before (lib/page-status.ts). A private or missing item's page is never drawn (its status is 404).
 */
const RENDERED = new RegExp(`^/(cards|cards/[a-z]+/[^/]{1,200}|sets|sets/[a-z0-9-]{1,40}|collection/${UUID}|deck/${UUID})?$`);
/**
 * The pages drawn here for a signed-in user (ADR 026): the ones they open most — the dashboard, the library, a card,
 * their collection, a binder, a deck, the deck editor and the sets — with their own data, never kept for anyone else. A card page is
 * drawn at its own address only: any other spelling was redirected to it before (lib/page-status.ts), so the page
 * never replaces its address once hydrated.
 */
const RENDERED_SIGNED_IN = new RegExp(`^/(dashboard|cards|cards/[a-z]+/[^/]{1,200}|sets|sets/[a-z0-9-]{1,40}|collection|collection/${UUID}|deck/${UUID}(?:/edit)?)$`);
/** Longer addresses (a search with many filters) are drawn but not kept. */
const MAX_KEPT_URL = 300;
const KEPT_MS = 60_000;
const MAX_KEPT = 200;
/** Pages waiting for their turn beyond this go out as the plain shell. */
const MAX_WAITING = 8;
const TIME_LIMIT_MS = 2_000;

type Language = 'en' | 'pt' | 'es';

interface EntryRequest {
  url: string;
  cookie?: string;
  acceptedLanguage: Language;
  mobile: boolean;
  api: (path: string, init: RequestInit) => Promise<Response>;
}
interface EntryResult {
  html: string;
  state: string;
  language: Language;
}
interface Entry {
  render(request: EntryRequest): Promise<EntryResult | null>;
}

export interface RenderedPage {
  /** The app's HTML for inside `<div id="root">`. */
  html: string;
  /** Drawn with a signed-in user's own data: never kept, sent as private and not stored (Cache-Control). */
  personal?: boolean;
  /** The SsrState JSON (escaped for a script element). */
  state: string;
  language: Language;
}

export interface PageRequest {
  pathname: string;
  /** Path and query, e.g. /cards?set=OP01. */
  url: string;
  origin: string;
  cookie: string | undefined;
  acceptedLanguage: Language;
  userAgent: string | undefined;
  /** The Sec-CH-UA-Mobile client hint (?1 on phones). */
  mobileHint: string | undefined;
  /** Our API in this process, as asked by this visitor. */
  api: (path: string, init: RequestInit) => Promise<Response>;
}

export interface PageRenderer {
  render(request: PageRequest): Promise<RenderedPage | null>;
}

/** A session cookie (signed in, or was): such pages are the browser's to draw, with the user's own data. */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return sessionCookieValue(cookie?.slice(0, 16_384)) !== null;
}

/**
 * A phone (the page is drawn for 390 px), else a wider screen (1280 px). When unsure, wider: what a desktop shows and
 * a phone does not is also hidden by CSS below its width, so a page drawn for a desktop and shown on a phone does not
 * shift; the other way round it would (Android tablets name no "Mobile", iPads present themselves as Macs).
 */
export function isMobileRequest(userAgent: string | undefined, mobileHint: string | undefined): boolean {
  if (mobileHint === '?1') return true;
  if (mobileHint === '?0') return false;
  return /Mobi|iPhone|iPod/.test((userAgent ?? '').slice(0, 512));
}

/** The renderer over the built entry, or null when apps/web was built without it (then every page is the shell). */
export function createPageRenderer(ssrDir: string, log: Logger): PageRenderer | null {
  const file = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  let entry: Promise<Entry | null> | null = null;
  const load = () =>
    (entry ??= import(pathToFileURL(file).href).then(
      (m: Entry) => m,
      (err: unknown) => {
        log.error({ err }, 'server rendering unavailable: its module failed to load');
        return null;
      },
    ));
  // Loaded (and i18next's texts read) ahead of the first visitor.
  void load();

  const kept = new Map<string, { page: RenderedPage; at: number }>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const drawOne = async (request: PageRequest, mobile: boolean, personal: boolean): Promise<RenderedPage | null> => {
    const module = await load();
    if (!module) return null;
    const result = await module.render({ url: `${request.origin}${request.url}`, cookie: request.cookie, acceptedLanguage: request.acceptedLanguage, mobile, api: request.api });
    return result && { html: result.html, state: result.state, language: result.language, personal };
  };

  return {
    async render(request) {
      const personal = hasSessionCookie(request.cookie);
      if (!(personal ? RENDERED_SIGNED_IN : RENDERED).test(request.pathname)) return null;
      const mobile = isMobileRequest(request.userAgent, request.mobileHint);
      const prefs = /(?:^|;\s*)gl_prefs=([^;]{0,512})/.exec((request.cookie ?? '').slice(0, 16_384))?.[1] ?? '';
      // A page with a user's own data is drawn for that request only.
      const key = !personal && request.url.length <= MAX_KEPT_URL ? `${request.url}|${prefs}|${request.acceptedLanguage}|${mobile ? 'm' : 'd'}` : null;
      const hit = key ? kept.get(key) : undefined;
      if (hit && Date.now() - hit.at < KEPT_MS) return hit.page;
      if (waiting >= MAX_WAITING) return null;

      waiting++;
      const turn = queue.then(() => drawOne(request, mobile, personal));
      queue = turn.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), TIME_LIMIT_MS);
      });
      try {
        const page = await Promise.race([turn, late]);
        if (page && key) {
          if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
          kept.set(key, { page, at: Date.now() });
        }
        return page;
      } catch (err) {
        log.warn({ err, url: request.url.slice(0, 200) }, 'server rendering failed; the browser draws the page');
        return null;
      } finally {
        clearTimeout(timer);
        void turn.finally(() => waiting--).catch(() => undefined);
      }
    },
  };
}

/** The elements React writes first when it draws a page outside a whole document: its preloads, meta and title. */
const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)*/;

/**
 * The shell with a drawn page in its root element, the state beside it, and the page's language on <html>. The page's
 * `<title>` (which React writes at the start of the drawing) takes the place of the shell's in `<head>`: search engines
 * and link previews read the page's own title, and hydrating React adopts the first title of the document anyway.
 */
export function withRenderedPage(shellHtml: string, page: RenderedPage): string {
  const open = shellHtml.indexOf('<div id="root">');
  const bodyEnd = shellHtml.lastIndexOf('</body>');
  const close = shellHtml.lastIndexOf('</div>', bodyEnd);
  if (open < 0 || bodyEnd < 0 || close < open) return shellHtml;
  const start = open + '<div id="root">'.length;
  const hoisted = HOISTED.exec(page.html)![0];
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  const html = title ? hoisted.replace(title, '') + page.html.slice(hoisted.length) : page.html;
  const head = shellHtml.slice(0, start).replace('<html lang="en"', `<html lang="${page.language}"`);
  return (
    (title ? head.replace(/<title>[^<]*<\/title>/, () => title) : head) +
    html +
    '</div>' +
    `<script type="application/json" id="ssr-state">${page.state}</script>` +
    shellHtml.slice(close + '</div>'.length)
  );
}

/** A drawn page's HTML in the encoding the browser accepts (brotli, gzip or none), each made once per kept page. */
const encoded = new WeakMap<RenderedPage, { html: string; br?: Buffer; gzip?: Buffer }>();

export function encodePage(page: RenderedPage, html: string, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  let entry = encoded.get(page);
  if (!entry || entry.html !== html) {
    entry = { html };
    encoded.set(page, entry);
  }
  const accepted = (acceptEncoding ?? '').slice(0, 200);
  if (/\bbr\b/.test(accepted)) {
    entry.br ??= brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: entry.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) {
    entry.gzip ??= gzipSync(html, { level: 6 });
    return { body: entry.gzip, encoding: 'gzip' };
  }
  return { body: html };
}
