import type { CardsQuery } from '@grandline/core/contracts/cards';
import { panelFilterCount } from './query-panel';

const DEFAULT_PAGE_SIZE = 48;

const FILTER_KEYS = [
  'q',
  'set',
  'color',
  'type',
  'costMin',
  'costMax',
  'powerMin',
  'powerMax',
  'counter',
  'rarity',
  'attribute',
  'subtype',
  'block',
  'variations',
  'prints',
  'priceMin',
  'priceMax',
  'sort',
  'order',
] as const;

const LIST_KEYS = new Set(['set', 'color', 'type', 'counter', 'rarity', 'attribute', 'block']);
const NUMBER_KEYS = new Set(['costMin', 'costMax', 'powerMin', 'powerMax']);

/** The card search as the page holds it: read from the URL as is. The API validates it (one set of rules). */
export type CardsSearch = {
  [K in keyof CardsQuery]?: CardsQuery[K] extends (infer U)[] | undefined ? U[] | string[] : CardsQuery[K] | string;
} & { page: number; pageSize: number };

/** Reads the card search from the page URL; the page number falls back to 1. */
export function queryFromSearchParams(params: URLSearchParams): CardsSearch {
  const search: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (LIST_KEYS.has(key)) search[key] = value.split(',').map((v) => v.trim()).filter(Boolean);
    else if (NUMBER_KEYS.has(key)) search[key] = /^\d+$/.test(value) ? Number(value) : value;
    else if (key === 'variations') search[key] = value === 'false' ? false : value === 'true' ? true : value;
    else search[key] = value;
  }
  const page = Number(params.get('page'));
  return { ...search, page: Number.isInteger(page) && page > 0 ? page : 1, pageSize: DEFAULT_PAGE_SIZE } as CardsSearch;
}

/** Writes a change into the URL parameters; any filter change goes back to page 1. */
export function applyQueryPatch(params: URLSearchParams, patch: Record<string, string | string[] | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text === undefined || text === '') next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** Removes the parameters an API validation error named (e.g. "color.0" → color). */
export function withoutInvalidParams(params: URLSearchParams, issuePaths: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const path of issuePaths) next.delete(path.split('.')[0] ?? path);
  next.delete('page');
  return next;
}

/** The filters in force: those of the panel written in the query, and any parameter the language cannot say (a set slug). */
export const activeFilterCount = (q: CardsSearch) =>
  (typeof q.q === 'string' ? panelFilterCount(q.q) : 0) + FILTER_KEYS.filter((k) => k !== 'q' && k !== 'sort' && k !== 'order' && q[k] !== undefined).length;
