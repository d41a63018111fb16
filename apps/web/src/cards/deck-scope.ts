import { CARD_COLORS, type CardColor } from '@grandline/core/games';
import { FORMAT_VALUES, type FormatValue } from '@grandline/core/search/ast';
import { formatQuery } from '@grandline/core/search/format';
import { tryParseQuery } from '@grandline/core/search/parse';

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
