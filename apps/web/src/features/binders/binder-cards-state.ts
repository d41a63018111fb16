/**
 * A binder's cards page state that lives in the URL (search, filters, sort, view, page) and the rows picked for bulk
 * changes. Pure functions over URLSearchParams and sets of row ids; BinderCards applies them with setSearchParams and
 * useState.
 */
import type { BinderCardsQuery } from '@grandline/core/contracts/binders';

/** The select choice meaning "any" (all sets, no condition…): it leaves the URL, or clears a row's field. */
export const ALL = '_all';

/** A select's value as the API wants it: ALL is null. */
export const choiceOf = <T extends string>(value: string): T | null => (value === ALL ? null : (value as T));

export type BinderCardsView = 'grid' | 'list';
/** The grid, unless the link says ?view=list. */
export const viewOf = (params: URLSearchParams): BinderCardsView => (params.get('view') === 'list' ? 'list' : 'grid');
export const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

/**
 * The URL after a change: an empty or ALL value leaves it; any change but paging or the view starts again on page 1.
 */
export function withChanges(params: URLSearchParams, changes: Record<string, string | null>, keepPage = false): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || value === ALL) next.delete(key);
    else next.set(key, value);
  }
  if (!keepPage) next.delete('page');
  return next;
}

/** The search as typed, for the URL: trimmed, and gone when empty. */
export const searchChange = (typed: string) => ({ q: typed.trim() || null });

/** Picking a view keeps the page; the grid (the default) leaves the URL. */
export const viewChange = (view: BinderCardsView) => ({ view: view === 'grid' ? null : view });

/** The order button: ascending (the default, out of the URL) and descending take turns. */
export const orderToggle = (order: BinderCardsQuery['order']) => ({ order: order === 'desc' ? null : 'desc' });

/** Pages of rows (at least one). */
export const pageCountOf = (total: number | undefined, pageSize: number) => (total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize)));

/** Whether a search or filter narrows the rows (so "no match" rather than "empty"). */
export const isFiltered = (query: BinderCardsQuery) => Boolean(query.q || query.set || query.color || query.type || query.rarity);

/** Every row of the page is picked (and there is one). */
export const allPicked = (selected: ReadonlySet<number>, pageIds: readonly number[]) => pageIds.length > 0 && pageIds.every((id) => selected.has(id));

/** One row's checkbox. */
export function toggleRow(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The page's checkbox: unpicks the page's rows when all are picked, else picks them all (other pages' picks stay). */
export function togglePage(selected: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  if (allPicked(selected, pageIds)) return new Set([...selected].filter((id) => !pageIds.includes(id)));
  return new Set([...selected, ...pageIds]);
}
