import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { cardPath } from '@grandline/core/slug';
import { Hono } from 'hono';
import { catalogueIndex, type CatalogueIndex } from '../../catalogue/catalogue-index';
import type { AppEnv } from '../../lib/context';
import { escapeMarkup } from '../../lib/page-head';
import { listSets } from '../sets/sets.service';

/**
 * What search engines are told of the site: `/robots.txt` (leave the API and the signed-in pages alone, here is the
 * site map) and `/sitemap.xml`, every public page a search can land on — the home page, the library, the sets and each
 * set, the meta and every print's own page at its canonical address (the one the server draws and names in its head,
 * lib/page-head.ts). One file: the library (about 4,900 prints) is far under the format's 50,000 addresses.
 */

/** Signed-in pages (a crawler only meets their sign-in prompt) and the API. */
const PRIVATE_PATHS = ['/api/', '/admin', '/settings', '/dashboard', '/collection$', '/mydecks', '/deck/new', '/wishlist', '/watchlist', '/price-comparison', '/scan', '/trades', '/profile', '/auth'];
const PUBLIC_PAGES = ['/', '/cards', '/sets', '/meta', '/about'];

const gzipAsync = promisify(gzipCallback);
interface SiteMap {
  xml: string;
  gzip: Buffer;
}
/** Made once per catalogue (the index is rebuilt when the catalogue changes) and base address. */
const made = new WeakMap<CatalogueIndex, Map<string, Promise<SiteMap>>>();

async function makeSiteMap(index: CatalogueIndex, base: string, setSlugs: () => Promise<string[]>): Promise<SiteMap> {
  const paths = [...PUBLIC_PAGES, ...(await setSlugs()).map((slug) => `/sets/${encodeURIComponent(slug)}`)];
  for (const card of [...index.byId.values()].sort((a, b) => a.id - b.id)) paths.push(cardPath(card));
  const urls = paths.map((p) => `<url><loc>${escapeMarkup(new URL(p, base).href)}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  // Compressed off the main thread (half a megabyte of text).
  return { xml, gzip: await gzipAsync(xml, { level: 6 }) };
}

export function siteMapRoutes(publicUrl: string | undefined) {
  const baseOf = (url: string) => publicUrl ?? new URL(url).origin;
  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => {
      const lines = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${new URL('/sitemap.xml', baseOf(c.req.url)).href}`, ''];
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(lines.join('\n'));
    })
    .get('/sitemap.xml', async (c) => {
      const { db } = c.get('deps');
      const index = await catalogueIndex(db);
      const base = baseOf(c.req.url);
      let byBase = made.get(index);
      if (!byBase) made.set(index, (byBase = new Map()));
      let map = byBase.get(base);
      if (!map) {
        map = makeSiteMap(index, base, async () => (await listSets({ db })).items.map((s) => s.slug));
        // A failure is not kept: the next request makes it again.
        map.catch(() => byBase.delete(base));
        byBase.set(base, map);
      }
      const { xml, gzip } = await map;
      c.header('Cache-Control', 'public, max-age=3600');
      c.header('Content-Type', 'application/xml; charset=utf-8');
      c.header('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test((c.req.header('accept-encoding') ?? '').slice(0, 200))) {
        c.header('Content-Encoding', 'gzip');
        return c.body(new Uint8Array(gzip));
      }
      return c.body(xml);
    });
}
