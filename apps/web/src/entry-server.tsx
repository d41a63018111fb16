// The server's drawing of public pages for visitors who are not signed in (apps/server/src/lib/page-render.ts): the
// page's HTML is in the first answer, so it paints before the app's code has run, and the browser then hydrates it
// (app/boot.tsx) instead of drawing it again. Built by `vite build --ssr` into apps/web/dist-ssr (vite.config.ts).
import { isLanguageCode, STORAGE_KEYS, type LanguageCode } from '@grandline/core/locales';
import { dehydrate } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';
import { AppFrame } from '@/app/app';
import { setHydrating } from '@/lib/use-hydrated';
import { routes } from '@/app/router';
import { setServerFetch } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { setAssumedTheme } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { getAuthOptions, sessionQuery } from '@/lib/session';
import type { SsrState } from '@/lib/ssr-state';
import type { MeResponse } from '@grandline/core/contracts/account';
import { viewportWidthFor } from '@/lib/ssr-state';
import { parsePreferenceCookie, setServerStorage } from '@/lib/storage';
import { setAssumedViewportWidth } from '@/lib/use-media-query';

export interface RenderRequest {
  /** The page's address, e.g. http://localhost:3000/cards?set=OP01. */
  url: string;
  cookie?: string;
  /** The language the visitor's browser asks for, when no preference is stored (Accept-Language). */
  acceptedLanguage: LanguageCode;
  /** The request came from a phone (Sec-CH-UA-Mobile or the user agent). */
  mobile: boolean;
  /** Our API, asked in the same process with the visitor's own headers. */
  api: (path: string, init: RequestInit) => Promise<Response>;
}

export interface RenderResult {
  /** The app's HTML, for inside <div id="root">. */
  html: string;
  /** The SsrState as JSON, safe inside a <script> element. */
  state: string;
  language: LanguageCode;
}

let handler: StaticHandler | null = null;
let started: Promise<unknown> | null = null;

/** i18next with every language's start-up texts, loaded once. */
function start() {
  started ??= initI18n('en').then(() => i18next.loadLanguages(['en', 'pt', 'es']));
  return started;
}

/**
 * Whether each query the page's loaders started has its answer (a failed one: the page is drawn in the browser).
 * A loader may start a query once another has answered (the card page asks for prices once the card exists), so
 * the queries are awaited in rounds until none is left running.
 */
async function settleQueries() {
  const queries = () => queryClient.getQueryCache().getAll();
  for (let round = 0; round < 5; round++) {
    const running = queries()
      .filter((query) => query.state.fetchStatus === 'fetching')
      .map((query) => query.promise)
      .filter((promise) => promise !== undefined);
    if (!running.length) break;
    await Promise.allSettled(running);
    // What an answer's .then starts, started.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return queries().every((query) => query.state.status === 'success');
}

/**
 * Draws one page. One at a time (the caller queues them): the app's query cache, i18next and storage are this
 * module's single instances. Null when the page cannot be drawn here (a redirect, an error, a failed query).
 */
export async function render(request: RenderRequest): Promise<RenderResult | null> {
  await start();
  const storage = parsePreferenceCookie(request.cookie);
  setServerFetch(request.api);
  queryClient.clear();
  // A signed-in user's saved preferences are what their browser applies on every start (app/preferences-sync.tsx):
  // the page is drawn with them, so a browser still holding older ones draws it afresh rather than hydrating it and
  // changing language or currency half-way (ADR 026).
  const me = (await queryClient.fetchQuery(sessionQuery).catch(() => null)) as MeResponse | null;
  if (me) {
    for (const key of ['language', 'currency', 'marketplace', 'priceType', 'animations'] as const) {
      const value = me.profile[key];
      if (value !== null && value !== undefined) storage[STORAGE_KEYS[key]] = String(value);
    }
    if (me.profile.theme === 'light' || me.profile.theme === 'dark') storage[STORAGE_KEYS.theme] = me.profile.theme;
  }
  const stored = storage[STORAGE_KEYS.language];
  const language = isLanguageCode(stored) ? stored : request.acceptedLanguage;
  const viewportWidth = viewportWidthFor(request.mobile);
  const theme = storage[STORAGE_KEYS.theme] === 'light' ? 'light' : 'dark';
  delete storage[STORAGE_KEYS.theme];
  setServerStorage(storage);
  setAssumedViewportWidth(viewportWidth);
  setAssumedTheme(theme);
  setHydrating(true);
  try {
    await i18next.changeLanguage(language);
    handler ??= createStaticHandler(routes);
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors) return null;
    if (!(await settleQueries())) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // The same tree as app/app.tsx draws on its hydrating render.
    const tree = (
      <StrictMode>
        <AppFrame>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>
    );
    // A lazy part (a desktop's menus and filters) not yet loaded in this process is left to the browser (`<!--$!-->`);
    // its module loads during that first try, and is there for the next one.
    let html = renderToString(tree);
    for (let attempt = 0; attempt < 3 && html.includes('<!--$!-->'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      html = renderToString(tree);
    }
    if (html.includes('<!--$!-->')) return null;
    const state: SsrState = {
      storage,
      language,
      theme,
      viewportWidth,
      auth: getAuthOptions(),
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    };
    return { html, state: JSON.stringify(state).replace(/</g, '\\u003c'), language };
  } finally {
    queryClient.clear();
    setServerFetch(null);
    setServerStorage(null);
  }
}
