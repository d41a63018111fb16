import type { CardColor } from '../games';

/**
 * The search language's syntax tree (issue 42; docs/search-language.md). A query is a tree of `and`, `or` and `not`
 * over terms; every term keeps where it stood in the query (start inclusive, end exclusive, 0-based) so a chip or an
 * error can point at it.
 */

/** Comparison operators, as typed. `:` is the keyword's default (contains, has all, equals: see each keyword). */
export const SEARCH_OPERATORS = [':', '=', '!=', '<', '<=', '>', '>='] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** Canonical keyword names; each alias of the language maps to one of them (KEYWORD_ALIASES in keywords.ts). */
export type SearchKeyword =
  | 'name'
  | 'text'
  | 'type'
  | 'color'
  | 'cost'
  | 'power'
  | 'counter'
  | 'life'
  | 'block'
  | 'rarity'
  | 'attr'
  | 'set'
  | 'num'
  | 'is'
  | 'owned'
  | 'legal'
  | 'banned'
  | 'price';

export type NumericKeyword = 'cost' | 'power' | 'counter' | 'life' | 'block' | 'owned' | 'price';

/** Rarity codes of the language and the rarity the card data writes (SP CARD for sp). */
export const RARITY_CODES = { c: 'C', uc: 'UC', r: 'R', sr: 'SR', sec: 'SEC', l: 'L', p: 'P', tr: 'TR', sp: 'SP CARD' } as const;
export type RarityCode = keyof typeof RARITY_CODES;

export const ATTRIBUTE_VALUES = ['slash', 'strike', 'ranged', 'special', 'wisdom'] as const;
export type AttributeValue = (typeof ATTRIBUTE_VALUES)[number];

export const IS_VALUES = ['parallel', 'base', 'vanilla', 'trigger', 'owned', 'wishlist'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export const FORMAT_VALUES = ['standard', 'extra'] as const;
export type FormatValue = (typeof FORMAT_VALUES)[number];

/** Where a term stood in the query. */
interface Span {
  start: number;
  end: number;
}

/** A bare word or a "quoted phrase": a substring of the name, number, effect text or a type. */
interface WordTerm extends Span {
  type: 'word';
  text: string;
}

/** name, text (o, oracle), type (t) and num: a text compared with `:` (contains / prefix) or `=` / `!=` (equals). */
interface TextKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'name' | 'text' | 'type' | 'num';
  op: ':' | '=' | '!=';
  value: string;
}

/** A number compared; `block` may also be `x` (the block icon X, never rotated) with `:`, `=` or `!=`. */
interface NumericKeywordTerm extends Span {
  type: 'keyword';
  keyword: NumericKeyword;
  op: SearchOperator;
  value: number | 'x';
}

/** Colors as a set, in CARD_COLORS order without repeats. */
interface ColorKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'color';
  op: SearchOperator;
  value: CardColor[];
}

interface RarityKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'rarity';
  op: ':' | '=' | '!=';
  value: RarityCode;
}

interface AttributeKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'attr';
  op: ':' | '=' | '!=';
  value: AttributeValue;
}

/** A product code, as typed (OP-05, op05, eb04): compared without dashes and case. */
interface SetKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'set';
  op: ':' | '=' | '!=';
  value: string;
}

interface IsKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'is';
  op: ':' | '=' | '!=';
  value: IsValue;
}

interface FormatKeywordTerm extends Span {
  type: 'keyword';
  keyword: 'legal' | 'banned';
  op: ':' | '=' | '!=';
  value: FormatValue;
}

export type KeywordTerm =
  | TextKeywordTerm
  | NumericKeywordTerm
  | ColorKeywordTerm
  | RarityKeywordTerm
  | AttributeKeywordTerm
  | SetKeywordTerm
  | IsKeywordTerm
  | FormatKeywordTerm;

export type SearchTerm = WordTerm | KeywordTerm;

interface AndNode {
  type: 'and';
  children: SearchNode[];
}

interface OrNode {
  type: 'or';
  children: SearchNode[];
}

interface NotNode {
  type: 'not';
  child: SearchNode;
}

export type SearchNode = AndNode | OrNode | NotNode | SearchTerm;

/** Limits of a query (issue 42): characters, terms, and nested parentheses (so hostile input cannot exhaust the stack). */
export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 60;
export const MAX_QUERY_DEPTH = 32;
