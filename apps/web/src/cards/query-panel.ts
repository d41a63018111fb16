import { CARD_ATTRIBUTES, CARD_BLOCKS, CARD_COLORS, CARD_RARITIES, CARD_TYPES, type CardColor } from '@grandline/core/games';
import { RARITY_CODES, type KeywordTerm, type RarityCode, type SearchNode } from '@grandline/core/search/ast';
import { formatQuery } from '@grandline/core/search/format';
import { tryParseQuery } from '@grandline/core/search/parse';
import { tokenize } from '@grandline/core/search/tokenize';

/**
 * The library's filter panel and its search box are one state: the query text `q` (docs/search-language.md, "The
 * filter panel"). Each filter of the panel is one top-level term (or a parenthesised `or` of terms) of the query;
 * the panel reads its chips from those terms and writes its changes back into the text, leaving every other part of
 * the query as the user typed it.
 */

/** The panel's filters, valued as the old URL parameters were (Red, Leader, SP CARD, 1000, X, …). */
export interface PanelState {
  color?: string[];
  type?: string[];
  rarity?: string[];
  attribute?: string[];
  counter?: string[];
  block?: string[];
  costMin?: number;
  costMax?: number;
  powerMin?: number;
  powerMax?: number;
  priceMin?: number;
  priceMax?: number;
  /** A product code as typed (op05, OP-05). */
  set?: string;
  /** One of the card's types (Straw Hat Crew), matched whole. */
  subtype?: string;
  /** false: base prints only (is:base). */
  variations?: false;
}
export type PanelKey = keyof PanelState;
export type PanelPatch = { [K in PanelKey]?: PanelState[K] | undefined };

const LIST_KEYS = ['color', 'type', 'rarity', 'attribute', 'counter', 'block'] as const;
type ListKey = (typeof LIST_KEYS)[number];
/** The order new terms are written in. */
const PANEL_ORDER: PanelKey[] = ['color', 'type', 'subtype', 'set', 'costMin', 'costMax', 'powerMin', 'powerMax', 'priceMin', 'priceMax', 'counter', 'rarity', 'attribute', 'block', 'variations'];

/** The short aliases the panel writes (as players type them: c:red, t:leader, r:sr, a:slash). */
const SHORT: Partial<Record<KeywordTerm['keyword'], string>> = { color: 'c', type: 't', rarity: 'r', attr: 'a' };
const span = { start: 0, end: 0 };
const lower = (s: string) => s.toLowerCase();
const rarityCodeOf = (rarity: string) => (Object.keys(RARITY_CODES) as RarityCode[]).find((k) => RARITY_CODES[k] === rarity);

/** The term of one value of a filter, or null for a value the language cannot say. */
function termOf(key: PanelKey, value: string | number | false): KeywordTerm | null {
  const v = String(value);
  switch (key) {
    case 'color': {
      const color = CARD_COLORS.find((c) => c === v);
      return color ? { type: 'keyword', keyword: 'color', op: ':', value: [color as CardColor], ...span } : null;
    }
    case 'type':
      return { type: 'keyword', keyword: 'type', op: ':', value: lower(v), ...span };
    case 'subtype':
      return { type: 'keyword', keyword: 'type', op: '=', value: v, ...span };
    case 'rarity': {
      const code = rarityCodeOf(v);
      return code ? { type: 'keyword', keyword: 'rarity', op: ':', value: code, ...span } : null;
    }
    case 'attribute':
      return CARD_ATTRIBUTES.some((a) => a === v) ? { type: 'keyword', keyword: 'attr', op: ':', value: lower(v) as never, ...span } : null;
    case 'counter':
      return { type: 'keyword', keyword: 'counter', op: ':', value: Number(v), ...span };
    case 'block':
      return { type: 'keyword', keyword: 'block', op: ':', value: v === 'X' ? 'x' : Number(v), ...span };
    case 'set':
      return { type: 'keyword', keyword: 'set', op: ':', value: v, ...span };
    case 'variations':
      return { type: 'keyword', keyword: 'is', op: ':', value: 'base', ...span };
    default: {
      const keyword = key.startsWith('cost') ? 'cost' : key.startsWith('power') ? 'power' : 'price';
      return { type: 'keyword', keyword, op: key.endsWith('Min') ? '>=' : '<=', value: Number(v), ...span };
    }
  }
}

/** A term as the panel writes it: formatQuery's canonical text with the short keyword (c:red, cost>=3, set:op05). */
function termText(term: KeywordTerm): string {
  const text = formatQuery(term);
  const short = SHORT[term.keyword];
  return short ? short + text.slice(term.keyword.length) : text;
}

/** A filter's text: one term, or a parenthesised `or` of one term per chosen value; '' when nothing is chosen. */
export function filterText(key: PanelKey, value: PanelState[PanelKey]): string {
  if (value === undefined) return '';
  const values = Array.isArray(value) ? value : [value];
  const terms = values.map((v) => termOf(key, v)).filter((t): t is KeywordTerm => t !== null);
  if (!terms.length) return '';
  const texts = terms.map(termText);
  return texts.length === 1 ? texts[0]! : `(${texts.join(' or ')})`;
}

type Entry = { key: PanelKey; value: string | number | false };
const isEquality = (op: string) => op === ':' || op === '=';

/** Which filter a single term is, if any. */
function entryOf(node: SearchNode): Entry | null {
  if (node.type !== 'keyword') return null;
  switch (node.keyword) {
    case 'color':
      return node.op === ':' && node.value.length === 1 ? { key: 'color', value: node.value[0]! } : null;
    case 'type': {
      const cardType = CARD_TYPES.find((t) => lower(t) === lower(node.value));
      if (node.op === ':' && cardType) return { key: 'type', value: cardType };
      return node.op === '=' && !cardType ? { key: 'subtype', value: node.value } : null;
    }
    case 'rarity':
      return isEquality(node.op) ? { key: 'rarity', value: RARITY_CODES[node.value] } : null;
    case 'attr':
      return isEquality(node.op) ? { key: 'attribute', value: CARD_ATTRIBUTES.find((a) => lower(a) === node.value)! } : null;
    case 'counter':
      return isEquality(node.op) && [0, 1000, 2000].includes(node.value as number) ? { key: 'counter', value: String(node.value) } : null;
    case 'block': {
      const block = node.value === 'x' ? 'X' : String(node.value);
      return isEquality(node.op) && CARD_BLOCKS.some((b) => b === block) ? { key: 'block', value: block } : null;
    }
    case 'set':
      return isEquality(node.op) ? { key: 'set', value: node.value } : null;
    case 'is':
      return isEquality(node.op) && node.value === 'base' ? { key: 'variations', value: false } : null;
    case 'cost':
    case 'power':
    case 'price':
      if (node.op !== '>=' && node.op !== '<=') return null;
      return { key: `${node.keyword}${node.op === '>=' ? 'Min' : 'Max'}` as PanelKey, value: node.value as number };
    default:
      return null;
  }
}

/** Which filter a top-level part of the query is: one term, or an `or` of terms of the same list filter. */
function partEntry(node: SearchNode): { key: PanelKey; value: PanelState[PanelKey] } | null {
  if (node.type === 'or') {
    const entries = node.children.map(entryOf);
    const key = entries[0]?.key;
    if (!key || !(LIST_KEYS as readonly string[]).includes(key) || entries.some((e) => e?.key !== key)) return null;
    return { key, value: [...new Set(entries.map((e) => String(e!.value)))] };
  }
  const entry = entryOf(node);
  if (!entry) return null;
  return { key: entry.key, value: (LIST_KEYS as readonly string[]).includes(entry.key) ? [String(entry.value)] : entry.value } as { key: PanelKey; value: PanelState[PanelKey] };
}

interface Part {
  text: string;
  entry: { key: PanelKey; value: PanelState[PanelKey] } | null;
}

type Split = { ok: true; parts: Part[]; topOr: boolean } | { ok: false };

/**
 * The query cut into its top-level parts (the terms and groups ANDed at the top), each with its own text and the
 * filter it is, if any. A query whose top is an `or` is one part. Only the first part of each filter drives it.
 */
function splitQuery(q: string): Split {
  if (!q.trim()) return { ok: true, parts: [], topOr: false };
  const parsed = tryParseQuery(q);
  if (!parsed.ok) return { ok: false };
  const ast = parsed.ast;
  if (ast.type === 'or') return { ok: true, parts: [{ text: q.trim(), entry: partEntry(ast) }], topOr: partEntry(ast) === null };
  const nodes = ast.type === 'and' ? ast.children : [ast];
  // The text of each top-level part, from the tokens: a part ends with a term or a group's closing parenthesis at depth 0.
  const ranges: [number, number][] = [];
  let depth = 0;
  let start = -1;
  for (const token of tokenize(q)) {
    if (start === -1) start = token.start;
    if (token.kind === 'lparen') depth++;
    else if (token.kind === 'rparen') depth--;
    if (depth === 0 && token.kind !== 'not' && token.kind !== 'lparen') {
      ranges.push([start, token.kind === 'rparen' ? token.start + 1 : token.end]);
      start = -1;
    }
  }
  const seen = new Set<PanelKey>();
  const parts = nodes.map((node, i) => {
    const [from, to] = ranges[i]!;
    let entry = partEntry(node);
    if (entry && seen.has(entry.key)) entry = null;
    if (entry) seen.add(entry.key);
    return { text: q.slice(from, to), entry };
  });
  return { ok: true, parts, topOr: false };
}

/** The panel's filters as the query sets them (none for a query that does not parse). */
export function panelOf(q: string): PanelState {
  const split = splitQuery(q);
  const state: Record<string, unknown> = {};
  if (split.ok) for (const part of split.parts) if (part.entry) state[part.entry.key] = part.entry.value;
  return state as PanelState;
}

/** How many of the panel's filters the query sets. */
export const panelFilterCount = (q: string) => Object.keys(panelOf(q)).length;

const isEmpty = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * The query with the panel's change written in: the parts of each changed filter leave, and its new text is added at
 * the end; every other part keeps its text. A query that does not parse keeps its text and gets the new terms after it.
 */
export function withPanel(q: string, patch: PanelPatch): string {
  const split = splitQuery(q);
  const keys = PANEL_ORDER.filter((k) => k in patch);
  const added = keys.map((k) => (isEmpty(patch[k]) ? '' : filterText(k, patch[k]))).filter(Boolean);
  if (!split.ok) return [q.trim(), ...added].filter(Boolean).join(' ');
  const kept = split.parts.filter((p) => !p.entry || !keys.includes(p.entry.key)).map((p) => p.text);
  if (split.topOr && kept.length === 1 && added.length) kept[0] = `(${kept[0]})`;
  return [...kept, ...added].join(' ');
}

/** The old URL parameters of the filters, read into the panel's values (a link from before the search language). */
const LEGACY_KEYS = ['color', 'type', 'rarity', 'attribute', 'counter', 'block', 'costMin', 'costMax', 'powerMin', 'powerMax', 'priceMin', 'priceMax', 'subtype', 'variations', 'set'] as const;

/** A set parameter the language can say: a product code (op-01, OP01, op-14-eb04); a slug of a product without one cannot. */
const isProductCode = (value: string) => /^[a-z]{1,4}-?\d{1,3}(?:-[a-z]{1,4}\d{1,3})?$/i.test(value);

/**
 * A link with the old filter parameters (color=Red,Green&type=Leader&costMin=3…) as a link with `q` only: each one
 * is written into the query as the panel writes it; what the language cannot say (an unknown value, a set slug of a
 * product without a code) stays as its parameter. null when there is nothing to move.
 */
export function migrateLegacyParams(params: URLSearchParams): URLSearchParams | null {
  const patch: PanelPatch = {};
  const next = new URLSearchParams(params);
  for (const key of LEGACY_KEYS) {
    const raw = params.get(key)?.trim();
    if (raw === undefined) continue;
    if (key === 'set') {
      if (!isProductCode(raw)) continue;
      patch.set = raw.toLowerCase();
    } else if (key === 'variations') {
      if (raw === 'false') patch.variations = false;
      else if (raw !== 'true') continue;
    } else if (key === 'subtype') {
      patch.subtype = raw;
    } else if ((LIST_KEYS as readonly string[]).includes(key)) {
      const values = raw.split(',').map((v) => v.trim()).filter(Boolean);
      const known = legacyValues(key as ListKey);
      const read = values.map((v) => known.find((k) => lower(k) === lower(v))).filter((v): v is string => v !== undefined);
      if (read.length !== values.length) continue;
      (patch as Record<string, unknown>)[key] = read;
    } else {
      const n = Number(raw);
      if (!raw || !Number.isFinite(n) || n < 0 || (!key.startsWith('price') && !Number.isInteger(n))) continue;
      (patch as Record<string, unknown>)[key] = n;
    }
    next.delete(key);
  }
  if (next.toString() === params.toString()) return null;
  next.set('q', withPanel(params.get('q') ?? '', patch));
  next.delete('page');
  return next;
}

function legacyValues(key: ListKey): readonly string[] {
  switch (key) {
    case 'color':
      return CARD_COLORS;
    case 'type':
      return CARD_TYPES;
    case 'rarity':
      return CARD_RARITIES;
    case 'attribute':
      return CARD_ATTRIBUTES;
    case 'counter':
      return ['0', '1000', '2000'];
    case 'block':
      return CARD_BLOCKS;
  }
}
