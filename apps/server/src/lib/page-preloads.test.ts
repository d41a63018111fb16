import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageShell, preferredLanguage } from './page-preloads';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/** The shape of Vite's build manifest: an entry, its static imports, a lazily loaded page and the locale bundles. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_shell.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_shell.js': { file: 'assets/shell-1.js', imports: ['_react.js'] },
  'src/features/cards/routes/cards-page.tsx': { file: 'assets/cards-page-1.js', isDynamicEntry: true, imports: ['_shell.js', '_card-tile.js'] },
  '_card-tile.js': { file: 'assets/card-tile-1.js', imports: ['_react.js', '_icons.js'] },
  '_icons.js': { file: 'assets/icons-1.js' },
  'src/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  'src/locales/en/cards.json': { file: 'assets/cards-en.js', isDynamicEntry: true },
  'src/locales/en/pages.json': { file: 'assets/pages-en.js', isDynamicEntry: true },
  'src/locales/pt/common.json': { file: 'assets/common-pt.js', isDynamicEntry: true },
  'src/locales/pt/cards.json': { file: 'assets/cards-pt.js', isDynamicEntry: true },
  'src/locales/pt/pages.json': { file: 'assets/pages-pt.js', isDynamicEntry: true },
};

/** The files listed for the entry to preload after the first paint (no modulepreload tag competes with that paint). */
const preloads = (html: string): string[] => {
  expect(html).not.toContain('modulepreload');
  const list = /<script type="application\/json" id="page-preloads">([^<]*)<\/script>/.exec(html);
  return list ? (JSON.parse(list[1]!) as string[]) : [];
};

describe('page preloads', () => {
  it("preloads the page's module, its imports and the start-up texts, not what index.html loads already", () => {
    const shell = createPageShell(INDEX, MANIFEST);
    const html = shell.html('/cards', 'pt-BR,pt;q=0.9,en;q=0.8');
    expect(preloads(html)).toEqual(['assets/cards-page-1.js', 'assets/card-tile-1.js', 'assets/icons-1.js', 'assets/common-pt.js', 'assets/cards-pt.js', 'assets/pages-pt.js']);
    expect(html.indexOf('page-preloads')).toBeLessThan(html.indexOf('</head>'));
    expect(preloads(shell.html('/cards/', undefined))).toContain('assets/common-en.js');
  });

  it("preloads the app's code that the entry imports after the first paint on every page, before a page's own", () => {
    const manifest = {
      ...MANIFEST,
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_preload-helper.js'], dynamicImports: ['src/app/boot.tsx'] },
      '_preload-helper.js': { file: 'assets/preload-helper-1.js' },
      'src/app/boot.tsx': { file: 'assets/boot-1.js', isDynamicEntry: true, imports: ['_shell.js', '_react.js'] },
    };
    const shell = createPageShell(INDEX, manifest);
    const app = ['assets/boot-1.js', 'assets/shell-1.js', 'assets/react-1.js'];
    expect(preloads(shell.html('/settings', 'en'))).toEqual(app);
    expect(preloads(shell.html('/cards', 'en'))).toEqual([...app, 'assets/cards-page-1.js', 'assets/card-tile-1.js', 'assets/icons-1.js', 'assets/common-en.js', 'assets/cards-en.js', 'assets/pages-en.js']);
  });

  it('leaves other addresses, and a build without a manifest, as they are', () => {
    expect(createPageShell(INDEX, MANIFEST).html('/settings', 'en')).toBe(INDEX);
    expect(createPageShell(INDEX, MANIFEST).html('/collection/new', 'en')).toBe(INDEX);
    expect(createPageShell(INDEX, null).html('/cards', 'en')).toBe(INDEX);
    // A page listed but missing from this build preloads only the texts.
    expect(preloads(createPageShell(INDEX, MANIFEST).html('/', 'en'))).toEqual(['assets/common-en.js', 'assets/cards-en.js', 'assets/pages-en.js']);
  });

  it('reads the language from Accept-Language as the app would pick it, English otherwise', () => {
    expect(preferredLanguage('pt-BR,pt;q=0.9')).toBe('pt');
    expect(preferredLanguage('fr-FR, es;q=0.5')).toBe('es');
    expect(preferredLanguage('de')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage(`${'x,'.repeat(100_000)}pt`)).toBe('en');
  });

  it('lists only page modules that exist in the web app (a renamed page must be renamed here too)', () => {
    const web = path.resolve(import.meta.dirname, '../../../web');
    for (const module of createPageShell(INDEX, MANIFEST).pageModules) expect(fs.existsSync(path.join(web, module)), module).toBe(true);
  });
});
