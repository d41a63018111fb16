import { CARD_COLORS, type CardColor } from '@grandline/core/games';
import { FORMAT_VALUES, type FormatValue } from '@grandline/core/search/ast';
import { formatQuery } from '@grandline/core/search/format';
import { tryParseQuery } from '@grandline/core/search/parse';
import type { CardsSearch } from './search-params';

/**
 * The deck editor's card search starts scoped to what the deck may hold: `legal:<format>` and `c<=<leader's colors>`
 * (at least one color, all of them the leader's). Each is a removable chip; the search is the user's query ANDed
 * with the chips left.
 */
export type ScopeKey = 'legal' | 'color';
export interface ScopeTerm {
  key: ScopeKey;
  text: string;
}

export function scopeTerms(format: string | undefined, leaderColors: readonly string[]): ScopeTerm[] {
  const terms: ScopeTerm[] = [];
  if (format && (FORMAT_VALUES as readonly string[]).includes(format)) terms.push({ key: 'legal', text: `legal:${format as FormatValue}` });
  const colors = CARD_COLORS.filter((c) => leaderColors.includes(c)) as CardColor[];
  if (colors.length) terms.push({ key: 'color', text: `c${formatQuery({ type: 'keyword', keyword: 'color', op: '<=', value: colors, start: 0, end: 0 }).slice('color'.length)}` });
  return terms;
}

/** The chips' terms and the user's query, ANDed (a query whose top is an `or` is put in parentheses). */
export function scopedQuery(q: string, scope: readonly ScopeTerm[]): string {
  if (!scope.length || !q) return [...scope.map((s) => s.text), q].filter(Boolean).join(' ');
  const parsed = tryParseQuery(q);
  const own = parsed.ok && parsed.ast.type === 'or' ? `(${q})` : q;
  return [...scope.map((s) => s.text), own].join(' ');
}

/** The editor's search panel: its filters (the query box, colors, types, all prints or not, set, costs) and its page. */
export interface PanelFilters {
  q: string;
  colors: string[];
  types: string[];
  variations: boolean;
  set: string;
  costs: string[];
  page: number;
}

export const PANEL_PAGE_SIZE = 24;
/** What the panel shows first: no filter of its own, the deck's scope only. */
export const PANEL_START: PanelFilters = { q: '', colors: [], types: [], variations: false, set: 'all', costs: [], page: 1 };

/**
 * The library search the panel asks for (`GET /api/cards`), one for the panel and for the deck editor's loader, which
 * starts the first one with the page (on the server: drawn with it).
 */
export function panelCardsSearch(filters: PanelFilters, scope: readonly ScopeTerm[]): CardsSearch {
  const search = scopedQuery(filters.q.trim(), scope);
  // Several chosen costs search their range (the API takes a min and a max).
  const costs = filters.costs.map(Number);
  return {
    q: search || undefined,
    color: filters.colors,
    type: filters.types,
    set: filters.set === 'all' ? undefined : [filters.set],
    costMin: costs.length ? String(Math.min(...costs)) : undefined,
    costMax: costs.length ? String(Math.max(...costs)) : undefined,
    variations: filters.variations ? undefined : 'false',
    page: filters.page,
    pageSize: PANEL_PAGE_SIZE,
    // Every print (a deck may hold an alternate art), best matches of a search text first.
    prints: 'all',
    sort: filters.q.trim() ? 'relevance' : 'number',
  };
}
