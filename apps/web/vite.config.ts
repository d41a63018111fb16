import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { createRequire } from 'node:module';
import { VitePWA } from 'vite-plugin-pwa';

const require = createRequire(import.meta.url);

/** Writes .gz and .br next to every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grandline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        // Brotli's best quality takes 10 s on each 4 MB OCR core (build time); quality 6 is within 15 % of it there.
        const quality = data.length > 1024 * 1024 ? 6 : constants.BROTLI_MAX_QUALITY;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
      }
    },
  };
}

/**
 * The scanner's OCR files (issue 17: tesseract.js, its WebAssembly core and its English data, from npm), served by us
 * under /ocr/ — never fetched from a CDN: copied into dist/ocr at build time, served from node_modules by the dev
 * server. Only the LSTM builds of the core (the engine the scanner runs: features/scan/api/ocr.ts), in its three
 * flavours (relaxed SIMD, SIMD, plain); tesseract.js picks the one the browser supports.
 */
function ocrFiles(): Record<string, string> {
  const dir = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));
  const core = dir('tesseract.js-core');
  const files: Record<string, string> = {
    'worker.min.js': path.join(dir('tesseract.js'), 'dist/worker.min.js'),
    'lang/eng.traineddata.gz': path.join(dir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
  };
  for (const name of ['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-relaxedsimd-lstm.wasm.js']) files[`core/${name}`] = path.join(core, name);
  return files;
}

function ocrAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grandline-ocr-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const files = ocrFiles();
      server.middlewares.use('/ocr/', (req, res, next) => {
        const file = files[(req.url ?? '').replace(/^\//, '').split('?')[0]!];
        if (!file) return next();
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/gzip');
        fs.createReadStream(file).pipe(res);
      });
    },
    // Before precompress's closeBundle, which writes their .gz and .br.
    writeBundle() {
      for (const [name, file] of Object.entries(ocrFiles())) {
        const target = path.join(outDir, 'ocr', name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(file, target);
      }
    },
  };
}

/**
 * Installable and offline (issue 17): the web app manifest, and a service worker at /sw.js (Workbox) that precaches
 * the app shell, keeps card thumbnails and the catalogue's answers as the user browses (capped caches), and waits
 * for the user's "Reload" before a new version takes over (app/app-updates.tsx).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // Registered by the app once the page has loaded (app/app-updates.tsx), never before its first paint.
  injectRegister: false,
  filename: 'sw.js',
  manifest: {
    name: 'Grand Line — One Piece TCG companion',
    short_name: 'Grand Line',
    description: 'Card library, sets, decks, binders and prices for the One Piece Card Game.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#0b1020',
    theme_color: '#0b1020',
    categories: ['games', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: the page, its styles and every code chunk (hashed, so a new release replaces them all at once).
    globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'preferences-init.js', 'icons/*.png'],
    // Push notifications and their taps (public/push-sw.js).
    importScripts: ['/push-sw.js'],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The app's pages: from the network first, where the server draws a signed-in user's dashboard, library, card,
        // binders and deck editor with their own data (ADR 026) — never stored (a page is one user's) — and from the
        // precached shell when the network fails (offline), so every address still opens. The server's own
        // addresses (/api, /legal, /img, /ocr, the worker itself) are not pages. Serialized into sw.js: stands alone.
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !/^\/(api|legal|img|ocr)\//.test(url.pathname) && url.pathname !== '/sw.js',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          plugins: [
            {
              cacheWillUpdate: async () => null,
              handlerDidError: async () => (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
            },
          ],
        },
      },
      {
        // The scanner's OCR files (about 4 MB, too big to precache for everyone): kept once used, so the scanner works
        // offline; refreshed in the background, so a new release's files arrive on the next scan.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/ocr/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'ocr', expiration: { maxEntries: 6 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // Card thumbnails never change at an address: from the cache first, the oldest dropped past 800.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/img/cards/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'card-images',
          expiration: { maxEntries: 800, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The catalogue (cards, sets, prices, rates, deck rules; never anyone's own data such as a card's holdings):
        // the network first, the last answer when offline.
        urlPattern: ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && /^\/api\/(cards|sets|deck-regulations|exchange-rates|prices)(\/|$)/.test(url.pathname) && !url.pathname.endsWith('/holdings'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'catalogue',
          networkTimeoutSeconds: 6,
          // Marks an answer given from the cache (the network failed), so the app shows it is offline
          // (src/lib/reachability.ts FROM_CACHE_HEADER). Serialized into sw.js: it must stand alone.
          plugins: [
            {
              cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                if (!cachedResponse) return cachedResponse;
                const headers = new Headers(cachedResponse.headers);
                headers.set('X-Grandline-From-Cache', '1');
                return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
              },
            },
          ],
          expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 14, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

/**
 * The server's drawing of public pages (src/entry-server.tsx → dist-ssr/entry-server.js, loaded by
 * apps/server/src/lib/page-render.ts): `vite build --ssr`, the npm packages left to Node to import.
 */
const ssrBuild: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  publicDir: false,
  build: {
    target: 'node20',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    sourcemap: false,
    minify: false,
    // One file: every lazy part of every page is in memory from the start, so the first drawing of a page (a
    // signed-in user's, never kept) does not fall back to the browser while a part loads from disk.
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : {
  plugins: [react(), tailwindcss(), ocrAssets(), precompress(), pwa],
  // `@/…` is apps/web/src (the same alias in tsconfig.json paths and the root vitest.config.ts web project).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/legal': 'http://localhost:3000', '/img': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Read by the server to preload the asked page's code with the shell (apps/server/src/lib/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Few chunks for what every page needs at start (fewer round trips on HTTP/1.1), each small enough to run in
        // one short task: main.tsx imports them one at a time (react, i18n, query, then the router and the shell),
        // so a phone never runs them all in one long stretch. Everything else is split by route, loaded on demand.
        // A group also takes the modules its own ones import, unless a group of higher priority has taken them.
        codeSplitting: {
          groups: [
            // Vite's helper that preloads a lazy module's imports: on its own, so main.tsx, which imports it for the
            // app's code, runs before any of that code (it waits for the first paint).
            { name: 'preload-helper', priority: 100, test: /vite\/preload-helper/ },
            { name: 'react', priority: 90, test: /node_modules\/(react|react-dom|scheduler)\// },
            { name: 'router', priority: 80, test: /node_modules\/react-router/ },
            // Without <Trans> and its HTML parser (4 KB): four screens use it, not the shell; they bring it.
            {
              name: 'i18n',
              priority: 70,
              test: (id: string) =>
                /node_modules\/(i18next|react-i18next)\/|apps\/web\/src\/lib\/(i18n|format|storage)\.ts$/.test(id) && !/react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js$/.test(id),
            },
            { name: 'query', priority: 60, test: /node_modules\/@tanstack\/(query-core|react-query)\/|apps\/web\/src\/lib\/query-client\.ts$/ },
            { name: 'vendor', priority: 50, test: /node_modules\/(clsx|lucide-react\/dist\/esm\/(createLucideIcon|defaultAttributes|Icon|shared|context))/ },
            {
              name: 'shell',
              priority: 10,
              test: /apps\/web\/src\/(lib\/(api-client|cn|use-media-query|preferences|session)|app\/(app|router|route-error)|app\/layout\/(app-layout|header|sidebar|footer|nav-items)|components\/(logo|page-loading|ui\/(button|misc)))\.tsx?$|packages\/core\/src\/(games|locales|marketplaces|legal|slug|money\/currencies)\.ts$/,
            },
            // The icons and Radix parts the shell does not take (selects, tabs, tooltips…): a chunk each, not the dozens of
            // small ones automatic splitting made (a shared binder loaded 70 files; each costs the main thread a
            // preload and a compile task). Below the shell, so that what the shell uses stays in it.
            { name: 'icons', priority: 5, test: /node_modules\/lucide-react\/dist\/esm\/icons\// },
            {
              name: 'ui',
              priority: 5,
              test: /node_modules\/(@radix-ui|radix-ui|@floating-ui|aria-hidden|detect-node-es|get-nonce|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|tslib|use-callback-ref|use-sidecar)\//,
            },
          ],
        },
      },
    },
  },
}));
