import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { createLocalEvents, type Db, type DbEvents } from './db/client';
import { CLIENT_IP_HEADER, type Auth } from './features/auth/auth';
import { accountRoutes } from './features/account/account.routes';
import { bindersRoutes } from './features/binders/binders.routes';
import { collectionValuesRoutes } from './features/binders/collection-values.routes';
import { decksRoutes } from './features/decks/decks.routes';
import { metaRoutes } from './features/meta/meta.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { familyRoutes } from './features/billing/family.routes';
import { cardsRoutes } from './features/cards/cards.routes';
import { geoRoutes } from './features/geo/geo.routes';
import { healthRoutes } from './features/health/health.routes';
import { regulationsRoutes } from './features/decks/regulations.routes';
import { manualCardsRoutes } from './features/cards/manual-cards.routes';
import { legalRoutes } from './features/legal/legal.routes';
import { setsRoutes } from './features/sets/sets.routes';
import { pricesRoutes } from './features/prices/prices.routes';
import { priceAdminRoutes } from './features/prices/price-admin.routes';
import { tournamentAdminRoutes } from './features/tournaments/tournament-admin.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { watchesRoutes } from './features/watches/watches.routes';
import { searchesRoutes } from './features/searches/searches.routes';
import { tradesRoutes } from './features/trades/trades.routes';
import { avatarImageRoutes, profilesRoutes } from './features/profiles/profiles.routes';
import { memoryStore, type ObjectStore } from './lib/object-store';
import type { LinkedAvatarOptions } from './features/profiles/avatar.service';
import { registerDomainHandlers } from './domain-handlers';
import { commentsRoutes } from './features/comments/comments.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { tradingSettingsRoutes } from './features/trades/trading-settings.routes';
import { tradeMatchesRoutes } from './features/trades/trade-matches.routes';
import type { BillingConfig } from './lib/billing-config';
import type { Mailer } from './lib/mail';
import { DEFAULT_FAMILY_MAX_MEMBERS } from '@grandline/core/plans';
import { DEFAULT_PRICE_CONFIG, type PriceConfig } from './lib/price-config';
import { DEFAULT_TOURNAMENT_CONFIG, type TournamentConfig } from './lib/tournament-config';
import type { AppEnv } from './lib/context';
import { sameOriginWrites } from './lib/auth-gate';
import { refuseNulInUrl } from './lib/input-guard';
import { authInputGuard } from './features/auth/auth-input';
import { apiBodyLimit, DEFAULT_MAX_JSON_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES } from './lib/body-limits';
import { clientAddress } from './lib/client-address';
import { AppError, appErrorBody, errorBody } from './lib/errors';
import type { Logger } from './lib/logger';
import { createRouter } from './lib/openapi';
import { createPageShell, preferredLanguage, readManifest } from './lib/page-preloads';
import { createPageRenderer, encodePage, withRenderedPage } from './lib/page-render';
import { onceEachRead } from './lib/page-reads';
import { itemHead, withPageHead } from './lib/page-head';
import { pageStatus } from './lib/page-status';
import { siteMapRoutes } from './features/sitemap/sitemap.routes';
import { cardImageRoutes } from './features/images/images.routes';
import type { CardImages } from './features/images/card-images';
import { createCardArt, type CardArtOptions } from './features/images/card-art';
import { pushRoutes } from './features/push/push.routes';
import type { PushConfig } from './lib/push-config';
import { DEFAULT_SUPPORT_EMAIL } from './lib/env';
import { API_HEADERS, PERMISSIONS_POLICY } from './lib/security-headers';

export interface AppOptions {
  db: Db;
  log: Logger;
  /** The built SPA (apps/web/dist); omitted in API tests. */
  webDistDir?: string;
  /** Authentication (better-auth), served under /api/auth. */
  auth?: Auth;
  /** The app's public address; writes from other origins are refused. */
  publicUrl?: string;
  /** How many proxies in front append to X-Forwarded-For (true = 1); the client address is read accordingly. */
  trustProxy?: boolean | number;
  /** IP-geolocation URL with {ip} in it, answering JSON with country_code. */
  geoipUrl?: string;
  /** Body size limits in bytes (defaults: 1 MB for JSON, 10 MB for uploaded files). */
  maxJsonBodyBytes?: number;
  maxUploadBytes?: number;
  /** Events across server processes (the database handle's listen/notify); default: in-process only. */
  events?: DbEvents;
  /** Aborted when the server starts to stop (long-lived responses end on it); default: never. */
  closing?: AbortSignal;
  /** Price sources, demo prices, the BR estimate; default: no source, no demo. */
  prices?: PriceConfig;
  /** Tournament sources (lib/tournament-config.ts); default: none configured. */
  tournaments?: TournamentConfig;
  /** Runs a job of the scheduler now (AppDeps.runJob): the admin's "Run now" of a price source. */
  runJob?: (name: string) => Promise<unknown>;
  /** Payments through Stripe; default: not configured. */
  billing?: BillingConfig;
  /** Members of a family besides its owner (FAMILY_MAX_MEMBERS); default 5. */
  familyMaxMembers?: number;
  /** Sends family invitations; default: none sent. */
  mailer?: Mailer;
  /** Card thumbnails under /img/cards (features/images); default: not served. */
  cardImages?: CardImages;
  /** Fetching the art admins link to the prints they add (kept with cardImages); default: a 10 s time-out, 8 MB, public addresses only. */
  cardArt?: CardArtOptions;
  /** Web Push (features/push); default: off. */
  push?: PushConfig;
  /** Where avatars are kept (disk or bucket); default: this process's memory (tests). */
  avatars?: ObjectStore;
  /** Fetching avatars users link to on other sites; default: a 10 s time-out, public addresses only. */
  avatarLinks?: LinkedAvatarOptions;
  /** Where contact-form messages are mailed (SUPPORT_EMAIL); default support@grandline.local. */
  supportEmail?: string;
}


function buildApi() {
  const api = createRouter();
  api.route('/', healthRoutes);
  api.route('/', cardsRoutes);
  api.route('/', setsRoutes);
  api.route('/', accountRoutes);
  api.route('/', geoRoutes);
  api.route('/', adminRoutes);
  api.route('/', billingRoutes);
  api.route('/', familyRoutes);
  api.route('/', pushRoutes);
  api.route('/', decksRoutes);
  api.route('/', regulationsRoutes);
  api.route('/', metaRoutes);
  api.route('/', manualCardsRoutes);
  api.route('/', bindersRoutes);
  api.route('/', collectionValuesRoutes);
  api.route('/', pricesRoutes);
  api.route('/', priceAdminRoutes);
  api.route('/', tournamentAdminRoutes);
  api.route('/', watchesRoutes);
  api.route('/', searchesRoutes);
  // /trades/matches before /trades/{id}: the first route that matches answers.
  api.route('/', tradeMatchesRoutes);
  api.route('/', tradesRoutes);
  api.route('/', reportsRoutes);
  api.route('/', profilesRoutes);
  api.route('/', commentsRoutes);
  api.route('/', contactRoutes);
  api.route('/', tradingSettingsRoutes);
  return api;
}

/** The OpenAPI document of `api` (every route, built again when none is given). */
export function openApiDocument(api = buildApi()) {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Grand Line API',
      version: '1.0.0',
      description: 'The One Piece TCG companion: card library, sets, decks, binders and prices.',
    },
    servers: [{ url: '/api' }],
  });
}

const swaggerHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Grand Line API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

export function buildApp({
  db,
  log,
  webDistDir,
  auth,
  publicUrl,
  trustProxy = false,
  geoipUrl,
  maxJsonBodyBytes = DEFAULT_MAX_JSON_BODY_BYTES,
  maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES,
  events = createLocalEvents((err, channel) => log.error({ err, channel }, 'event handler failed')),
  closing = new AbortController().signal,
  prices = DEFAULT_PRICE_CONFIG,
  tournaments = DEFAULT_TOURNAMENT_CONFIG,
  runJob,
  billing,
  familyMaxMembers = DEFAULT_FAMILY_MAX_MEMBERS,
  mailer,
  cardImages,
  push,
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  avatars = memoryStore(),
  avatarLinks = { timeoutMs: 10_000 },
  cardArt = { timeoutMs: 10_000, maxBytes: 8 * 1024 * 1024 },
}: AppOptions) {
  const mail = mailer && publicUrl ? { mailer, publicUrl } : undefined;
  // Features meet through domain events (lib/domain-events.ts): the profile feed, saved searches' notices.
  registerDomainHandlers({ db, log, events, mail, push });
  const app = new Hono<AppEnv>();
  const cardArtService = cardImages ? createCardArt(cardImages, cardArt, log) : undefined;
  // Another replica's sign-out, revocation or user change drops the same sessions here (lib/session-cache.ts).
  if (auth?.sessionCache) void auth.sessionCache.connect(events).catch((err: unknown) => log.error({ err }, 'could not listen for session changes'));

  useSecurityHeaders(app);

  const logRequests = log.isLevelEnabled('debug');
  app.use('*', async (c, next) => {
    c.set('deps', { db, log, auth, events, closing, runJob, mail, push, avatars, cardArt: cardArtService, config: { trustProxy, geoipUrl, maxJsonBodyBytes, maxUploadBytes, prices, tournaments, billing, familyMaxMembers, supportEmail } });
    if (!logRequests) return next();
    const started = performance.now();
    await next();
    log.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms: +(performance.now() - started).toFixed(1) }, 'request');
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(appErrorBody(err), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody('VALIDATION_ERROR', err.message || 'Bad request'), err.status);
    }
    log.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'), 500);
  });

  const api = buildApi();
  mountApiDocs(api);
  api.all('*', (c) => c.json(errorBody('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`), 404));
  app.use('/api/*', apiBodyLimit);
  app.use('/api/*', sameOriginWrites(publicUrl));
  // Hostile input: NUL in any /api address; the auth library's inputs checked before it sees them.
  app.use('/api/*', refuseNulInUrl);
  if (auth) app.use('/api/auth/*', authInputGuard);
  if (auth) mountAuth(app, auth, trustProxy);
  app.route('/api', api);
  app.route('/', legalRoutes);
  app.route('/', siteMapRoutes(publicUrl));
  if (cardImages) app.route('/', cardImageRoutes(cardImages));
  app.route('/', avatarImageRoutes(avatars, avatarLinks));

  if (webDistDir && fs.existsSync(path.join(webDistDir, 'index.html'))) serveWebApp(app, webDistDir, log, publicUrl);
  return app;
}

/**
 * Security headers. Documents and static files get the full set from Hono's secureHeaders; API answers (JSON, never
 * rendered) get the same policy as a precomputed list, which costs a loop instead of halving throughput (measured:
 * 46k → 21k req/s on /api/health with secureHeaders on every route).
 */
function useSecurityHeaders(app: Hono<AppEnv>) {
  const contentSecurityPolicy = {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval': WebAssembly only (the scanner's OCR, issue 17), never eval of text.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Workers only from our own files (the OCR worker, the Intl warm-up), never blob: or data: URLs.
    workerSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Only our own images: card thumbnails (/img/cards), avatars — uploaded or a linked picture the server fetched
    // (/img/avatars) — and flags are all served from here (issue 17).
    imgSrc: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  const documentHeaders = secureHeaders({
    contentSecurityPolicy,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });
  app.use('*', async (c, next) => {
    // Card thumbnails (never a document) get the API's precomputed list too: they are asked for by the dozen.
    const precomputed = c.req.path.startsWith('/img/') || (c.req.path.startsWith('/api/') && !c.req.path.startsWith('/api/docs'));
    if (!precomputed) {
      await documentHeaders(c, next);
      c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
      return;
    }
    await next();
    for (const [name, value] of API_HEADERS) c.res.headers.set(name, value);
  });
}

/** /api/openapi.json and the API documentation, served from the swagger-ui-dist package (works offline). */
function mountApiDocs(api: ReturnType<typeof buildApi>) {
  // Written on the first request for it (a sixth of a second of start-up otherwise), then kept.
  let doc: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', (c) => c.json((doc ??= openApiDocument(api))));

  // API documentation, served from the swagger-ui-dist package (works offline).
  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  api.get('/docs', (c) => c.html(swaggerHtml));
  api.get('/docs/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(`window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`);
  });
  api.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (!/^swagger-ui(-bundle)?\.(css|js)$/.test(file)) return c.notFound();
    c.header('Content-Type', file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await fs.promises.readFile(path.join(swaggerDir, file)));
  });
}

/** The auth library under /api/auth. */
function mountAuth(app: Hono<AppEnv>, auth: Auth, trustProxy: boolean | number) {
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    // The auth library reads the client address (rate limits, sessions) from one header that only we set.
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientAddress(c.req.raw, c.env, trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return auth.handler(new Request(c.req.raw, { headers }));
  });
}

/** The built SPA (webDistDir): hashed assets, static files, and the shell (with the public pages drawn) for every other GET. */
function serveWebApp(app: Hono<AppEnv>, webDistDir: string, log: Logger, publicUrl: string | undefined) {
  const root = path.relative(process.cwd(), webDistDir) || '.';
  const shell = createPageShell(fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), readManifest(webDistDir));
  // The public pages visitors land on, drawn here (ADR 019); without apps/web/dist-ssr every page is the shell.
  const renderer = createPageRenderer(path.join(webDistDir, '..', 'dist-ssr'), log);
  // The SPA shell, with the asked page's code and texts preloaded; never cached, so a new release is seen at once.
  const sendShell = async (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie, Accept-Language, Sec-CH-UA-Mobile');
    const acceptLanguage = c.req.header('accept-language');
    const url = new URL(c.req.url);
    // Our own API, in this process, as this visitor (the same address for its rate limits); a read asked twice for
    // this page (the status check's item, then the drawing's) answered once.
    const api = onceEachRead((apiPath, init) => {
      const headers = new Headers(init.headers);
      // The cookie too: a signed-in user's page is drawn with their own data (ADR 026).
      for (const name of ['user-agent', 'accept-language', 'x-forwarded-for', 'cookie']) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      return Promise.resolve(app.fetch(new Request(new URL(apiPath, url.origin), { ...init, headers }), c.env));
    });
    const cookie = c.req.header('cookie');
    // 404 where the app shows its not-found page (an unknown address, a missing or private item); a card asked by
    // another spelling of its address goes to its own (with the query) before anything is drawn (ADR 026).
    const answer = await pageStatus(c.req.path, api);
    if (answer.status === 301) return c.redirect(answer.location + url.search, 301);
    const { status } = answer;
    // A public item's page names it in its head, for search engines and links shared in chat apps (lib/page-head.ts).
    const head = answer.status === 200 && answer.item !== undefined ? itemHead(answer.page, c.req.path, answer.item) : null;
    const base = publicUrl ?? url.origin;
    const shellFor = (language: string | undefined) => {
      const html = shell.html(c.req.path, language);
      return head ? withPageHead(html, head, new URL(c.req.path, base).href, base) : html;
    };
    // Only a page that is there is drawn: a page kept for visitors a minute ago (a binder or deck since made private)
    // is never sent once its item answers 404.
    const page = status !== 200 ? null : await renderer?.render({
      pathname: c.req.path,
      url: url.pathname + url.search,
      origin: url.origin,
      cookie,
      acceptedLanguage: preferredLanguage(acceptLanguage),
      userAgent: c.req.header('user-agent'),
      mobileHint: c.req.header('sec-ch-ua-mobile'),
      api,
    });
    if (!page) return c.html(shellFor(acceptLanguage), status);
    // A user's own page: for their browser only, never stored by a cache on the way.
    if (page.personal) c.header('Cache-Control', 'private, no-store');
    const { body, encoding } = encodePage(page, withRenderedPage(shellFor(page.language), page), c.req.header('accept-encoding'));
    if (typeof body === 'string') return c.html(body, status);
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(body), status);
  };
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A missing hashed asset is a real 404, not the SPA shell (which the browser would reject as a module).
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('/', sendShell);
  app.get('/index.html', sendShell);
  // The service worker and the web app manifest are asked again on every visit, so a new release is found at once.
  const revalidated = /(^|\/)(sw\.js|manifest\.webmanifest)$/;
  app.use('*', serveStatic({ root, precompressed: true, onFound: (p, c) => c.header('Cache-Control', revalidated.test(p) ? 'no-cache' : 'public, max-age=3600') }));
  // Client-side routes: every other GET gets the SPA shell (404 with its not-found page where the app has none).
  app.get('*', sendShell);
}
