import { CARD_COLORS, CARD_TYPES } from '@grandline/core/games';
import { ATTRIBUTE_VALUES, FORMAT_VALUES, IS_VALUES, RARITY_CODES, type SearchKeyword } from '@grandline/core/search/ast';
import { KEYWORD_ALIASES } from '@grandline/core/search/keywords';

/**
 * Autocompletion of the search box: the keywords of the language as a word is typed (c → c:, color:, cost:,
 * counter:), and a keyword's values after its operator (c:r → red; t:str → "straw hat crew"; set:op → op01 …).
 * Pure: the box (components/query-box.tsx) shows the items and applies the one chosen.
 */
export type Suggestion =
  | { kind: 'keyword'; id: string; insert: string; keyword: SearchKeyword }
  | { kind: 'value'; id: string; insert: string; keyword: SearchKeyword; value: string };

export interface SuggestionList {
  /** The part of the text an accepted item replaces. */
  from: number;
  to: number;
  items: Suggestion[];
}

/** What the catalogue knows: the card types (subtypes) of the facets and the products' codes. */
export interface SuggestSource {
  subtypes?: readonly string[];
  setCodes?: readonly string[];
}

const MAX_ITEMS = 8;
const OPERATORS = ['!=', '<=', '>=', ':', '=', '<', '>'];
const isBoundary = (ch: string | undefined) => ch === undefined || ch === ' ' || ch === '(' || ch === ')' || ch === '\t' || ch === '\n';

function valuesOf(keyword: SearchKeyword, source: SuggestSource): readonly string[] {
  switch (keyword) {
    case 'color':
      return CARD_COLORS.map((c) => c.toLowerCase());
    case 'type':
      return [...CARD_TYPES.map((t) => t.toLowerCase()), ...(source.subtypes ?? []).map((s) => s.toLowerCase())];
    case 'rarity':
      return Object.keys(RARITY_CODES);
    case 'attr':
      return ATTRIBUTE_VALUES;
    case 'set':
      return source.setCodes ?? [];
    case 'is':
      return IS_VALUES;
    case 'legal':
    case 'banned':
      return FORMAT_VALUES;
    case 'block':
      return ['1', '2', '3', '4', '5', 'x'];
    case 'counter':
      return ['0', '1000', '2000'];
    default:
      return [];
  }
}

/** A product code as the language reads it best: lower case without dashes (OP-05 → op05). */
export const setCodeOf = (code: string) => code.replaceAll('-', '').toLowerCase();

const quoted = (value: string) => (value.includes(' ') ? `"${value}"` : value);

/** The suggestions for the word at the caret, or null when there are none. */
export function suggest(text: string, caret: number, source: SuggestSource = {}): SuggestionList | null {
  let from = caret;
  while (from > 0 && !isBoundary(text[from - 1])) from--;
  let to = caret;
  while (to < text.length && !isBoundary(text[to])) to++;
  while (text[from] === '-' && from < caret) from++;
  const word = text.slice(from, caret);
  if (!word) return null;
  const letters = /^[a-z]+/i.exec(word)?.[0] ?? '';
  const rest = word.slice(letters.length);
  if (letters === word) {
    const lower = word.toLowerCase();
    const items = Object.entries(KEYWORD_ALIASES)
      .filter(([alias]) => alias.startsWith(lower))
      .sort(([a], [b]) => a.length - b.length || a.localeCompare(b))
      .slice(0, MAX_ITEMS)
      .map(([alias, keyword]): Suggestion => ({ kind: 'keyword', id: `k-${alias}`, insert: `${alias}:`, keyword }));
    return items.length ? { from, to, items } : null;
  }
  const keyword = KEYWORD_ALIASES[letters.toLowerCase()];
  const op = OPERATORS.find((o) => rest.startsWith(o));
  if (!keyword || !op) return null;
  const valueFrom = from + letters.length + op.length;
  const partial = text.slice(valueFrom, caret).replace(/^"/, '').toLowerCase();
  const values = valuesOf(keyword, source);
  const starts = values.filter((v) => v.startsWith(partial));
  const contains = keyword === 'type' && partial ? values.filter((v) => !v.startsWith(partial) && v.includes(partial)) : [];
  // A value typed whole needs no suggestion (the popup would only cover what follows).
  const items = [...new Set([...starts, ...contains])]
    .filter((v) => v !== partial)
    .slice(0, MAX_ITEMS)
    .map((value): Suggestion => ({ kind: 'value', id: `v-${keyword}-${value}`, insert: quoted(value), keyword, value }));
  return items.length ? { from: valueFrom, to, items } : null;
}

/** The text with an item accepted, and where the caret goes: after a keyword's operator, or after a value and a space. */
export function applySuggestion(text: string, list: SuggestionList, item: Suggestion): { text: string; caret: number } {
  const before = text.slice(0, list.from);
  const after = text.slice(list.to);
  if (item.kind === 'keyword') return { text: before + item.insert + after, caret: before.length + item.insert.length };
  const tail = after.startsWith(' ') ? after : ` ${after}`;
  return { text: before + item.insert + tail, caret: before.length + item.insert.length + 1 };
}
