/**
 * The card library's page state that lives in the URL next to the search (view, sort order, page) and what the page
 * derives from it. Pure functions over URLSearchParams; the page's hook applies them with setSearchParams.
 */

/** The view: the link's own ?view= first, then the one this browser last picked, then the grid. */
export const viewOf = (params: URLSearchParams, stored: string | null): string => params.get('view') ?? stored ?? 'grid';

/** Picking a view keeps the rest of the URL as it is (and the page). */
export function withView(params: URLSearchParams, view: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('view', view);
  return next;
}

/** "Clear filters": an empty search that keeps only the link's view. */
export function clearedSearch(params: URLSearchParams): URLSearchParams {
  const view = params.get('view');
  return new URLSearchParams(view ? { view } : {});
}

/** The sort a search has when its URL names none: relevance with a search text, else card number (as the API). */
export const defaultSort = (q: unknown) => (typeof q === 'string' && q.trim() ? 'relevance' : 'number');

/** The sort select's patch: the default order for the search leaves the URL. */
export const sortPatch = (sort: string, q?: unknown) => ({ sort: sort === defaultSort(q) ? undefined : sort });

/** The order button's patch: ascending (the default) and descending take turns. */
export const orderTogglePatch = (order: string | undefined) => ({ order: order === 'desc' ? undefined : 'desc' });

/** The pager's patch: page 1 leaves the URL. */
export const pagePatch = (page: number) => ({ page: page > 1 ? String(page) : undefined });

/** Pages of results (at least one, so the pager always has a last page). */
export const pageCountOf = (total: number | undefined, pageSize: number) => (total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize)));

/** The filters an API validation error named, once each, by their parameter ("color.0" → color). */
export const invalidFilterNames = (issuePaths: readonly string[]) => [...new Set(issuePaths.map((path) => path.split('.')[0]))].join(', ');
