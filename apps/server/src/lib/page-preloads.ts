import fs from 'node:fs';
import path from 'node:path';

/**
 * The SPA shell (index.html) with the list of the code and texts of the page asked for, so the browser fetches them
 * together with the app's own code instead of one round trip after it (the router only asks for a page's module once
 * the app has started, and that module's imports after it arrived). The map from module to files is Vite's build
 * manifest (`build.manifest` in apps/web/vite.config.ts); without it the shell goes out unchanged.
 *
 * The list is data (`<script type="application/json" id="page-preloads">`), not `<link rel="modulepreload">` tags:
 * the entry (apps/web/src/main.tsx) preloads it right after the first paint. Fetched from the head, 200 KB of code
 * competed with the page's first paint on a slow connection (Lighthouse's mobile first paint went from 1.1 to 2.6 s).
 *
 * Only the public pages people arrive on are listed; a page missing here still works, it just starts a little later.
 */
const PAGES: [RegExp, string][] = [
  [/^\/$/, 'src/features/info/landing-page.tsx'],
  [/^\/cards\/?$/, 'src/features/cards/routes/cards-page.tsx'],
  [/^\/cards\/[^/]+\/[^/]+\/?$/, 'src/features/cards/routes/card-detail-page.tsx'],
  [/^\/sets\/?$/, 'src/features/sets/routes/sets-page.tsx'],
  [/^\/sets\/[^/]+\/?$/, 'src/features/sets/routes/set-detail-page.tsx'],
  [/^\/deck\/[^/]+\/?$/, 'src/features/decks/routes/deck-view-page.tsx'],
  [/^\/collection\/(?!new\/?$)[^/]+\/?$/, 'src/features/binders/routes/binder-page.tsx'],
];

/** The texts every page loads at start (apps/web/src/lib/i18n.ts NAMESPACES), per language. */
const START_NAMESPACES = ['common', 'cards', 'pages'];
const LANGUAGES = ['en', 'pt', 'es'] as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The language the app will most likely start in: the first of ours in Accept-Language, else English. */
export function preferredLanguage(acceptLanguage: string | undefined): (typeof LANGUAGES)[number] {
  for (const part of (acceptLanguage ?? '').slice(0, 200).split(',').slice(0, 10)) {
    const code = part.trim().slice(0, 2).toLowerCase();
    const found = LANGUAGES.find((l) => l === code);
    if (found) return found;
  }
  return 'en';
}

export interface PageShell {
  /** index.html for this path and Accept-Language, with the page's preloads when it is one of PAGES. */
  html(pathname: string, acceptLanguage: string | undefined): string;
  /** The module key of each listed page (for tests: each must exist in apps/web). */
  readonly pageModules: readonly string[];
}

export function readManifest(distDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

export function createPageShell(indexHtml: string, manifest: Manifest | null): PageShell {
  const pageModules = PAGES.map(([, module]) => module);
  if (!manifest || !indexHtml.includes('</head>')) return { html: () => indexHtml, pageModules };

  // What index.html loads already: the entry and its static imports.
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);
  // The app's code: the entry (main.tsx) imports it only after the first paint, so every page preloads it.
  const start = new Set<string>();
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) for (const key of chunk.dynamicImports ?? []) closure(key, start);
  const preloads = (files: Iterable<string>) => {
    const list = [...files].filter((f) => !loaded.has(f) && f.endsWith('.js'));
    // File names are Vite's hashed asset names: JSON.stringify leaves nothing that could close the script element.
    return list.length ? `<script type="application/json" id="page-preloads">${JSON.stringify(list)}</script>` : '';
  };
  const everyPage = indexHtml.replace('</head>', `${preloads(start)}</head>`);

  const cache = new Map<string, string>();
  const html = (pathname: string, acceptLanguage: string | undefined) => {
    const page = PAGES.findIndex(([pattern]) => pattern.test(pathname));
    if (page === -1) return everyPage;
    const language = preferredLanguage(acceptLanguage);
    const key = `${page}:${language}`;
    let out = cache.get(key);
    if (!out) {
      const files = new Set(start);
      closure(PAGES[page]![1], files);
      for (const ns of START_NAMESPACES) closure(`src/locales/${language}/${ns}.json`, files);
      out = indexHtml.replace('</head>', `${preloads(files)}</head>`);
      cache.set(key, out);
    }
    return out;
  };
  return { html, pageModules };
}
