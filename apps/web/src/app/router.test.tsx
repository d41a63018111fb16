/**
 * The server answers 404 where the app shows its not-found page, from core's list of the app's pages (app-pages.ts):
 * every path of this router must be on that list, and the list must hold no page the router lacks.
 */
import { appPage, FIXED_PAGES, trimSlashes } from '@grandline/core/app-pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every path of the route tree, joined from its parents ('*' left out: that is the not-found page itself). */
function pathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.index ? parent : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path === '*' ? [] : route.index || route.path !== undefined ? [own] : [];
    return [...here, ...pathsOf(route.children ?? [], own)];
  });
}

/** A path's parameters given sample values, as an address would carry them. */
const sample = (routePath: string) =>
  routePath
    .replace(/^\/cards\/:game\/:slug$/, '/cards/onepiece/123-OP01-001-roronoa-zoro')
    .replace(':id', '0f8fad5b-d9cb-469f-a165-70867728950e')
    .replace(':username', 'nami_chan')
    .replace(':slug', 'op-01');

describe('the app\'s pages, as the server knows them', () => {
  const paths = [...new Set(pathsOf(routes))];

  it('knows every path of the router', () => {
    expect(paths.length).toBeGreaterThan(30);
    for (const routePath of paths) expect(appPage(sample(routePath)), routePath).not.toBeNull();
  });

  it('lists no fixed page the router lacks', () => {
    const fixed = new Set(paths.filter((p) => !p.includes(':')).map(trimSlashes));
    for (const page of FIXED_PAGES) expect(fixed.has(page), page).toBe(true);
  });
});
