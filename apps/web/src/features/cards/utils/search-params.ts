import { CardsQuery } from '@grandline/core/contracts/cards';

export const DEFAULT_PAGE_SIZE = 48;

export const FILTER_KEYS = [
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
  'sort',
  'order',
] as const;

/**
 * Reads the card query from the page URL. Values the API would reject are dropped one by one, so a
 * hand-edited or outdated link still opens with every filter that is valid.
 */
export function queryFromSearchParams(params: URLSearchParams): CardsQuery {
  const raw: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, 'page']) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  raw.pageSize = String(DEFAULT_PAGE_SIZE);
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = CardsQuery.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    if (bad.has('') || bad.size === 0) break;
    for (const key of bad) delete raw[key];
  }
  return CardsQuery.parse({ pageSize: DEFAULT_PAGE_SIZE });
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

export const activeFilterCount = (q: CardsQuery) =>
  FILTER_KEYS.filter((k) => k !== 'q' && k !== 'sort' && k !== 'order' && q[k] !== undefined).length;
