import { CARD_COLORS, type CardColor } from '../games';
import {
  ATTRIBUTE_VALUES,
  FORMAT_VALUES,
  IS_VALUES,
  RARITY_CODES,
  type AttributeValue,
  type FormatValue,
  type IsValue,
  type KeywordTerm,
  type NumericKeyword,
  type RarityCode,
  type SearchKeyword,
  type SearchOperator,
} from './ast';
import { SearchQueryError } from './errors';

/** Every keyword of the language as typed (case-insensitive) → its canonical name. */
export const KEYWORD_ALIASES: Record<string, SearchKeyword> = {
  name: 'name',
  n: 'name',
  o: 'text',
  oracle: 'text',
  text: 'text',
  t: 'type',
  type: 'type',
  c: 'color',
  color: 'color',
  cost: 'cost',
  power: 'power',
  counter: 'counter',
  life: 'life',
  block: 'block',
  r: 'rarity',
  rarity: 'rarity',
  a: 'attr',
  attr: 'attr',
  set: 'set',
  s: 'set',
  e: 'set',
  num: 'num',
  number: 'num',
  is: 'is',
  owned: 'owned',
  legal: 'legal',
  banned: 'banned',
  price: 'price',
};

/** Color letters of the language: r g u p b y (u: blue, as in other card games; b: black). */
const COLOR_LETTERS: Record<string, CardColor> = { r: 'Red', g: 'Green', u: 'Blue', p: 'Purple', b: 'Black', y: 'Yellow' };

/** The term as the tokenizer read it. */
export interface RawKeyword {
  name: string;
  op: SearchOperator;
  value: string;
  start: number;
  end: number;
  valueStart: number;
}

const EQUALITY: readonly SearchOperator[] = [':', '=', '!='];
const MAX_DIGITS = 9;

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

/** A whole number of at most 9 digits, or null. */
function parseInteger(text: string): number | null {
  if (!text.length || text.length > MAX_DIGITS) return null;
  for (const ch of text) if (!isDigit(ch)) return null;
  return Number(text);
}

/** A decimal number of major units (2, 2.5, 0.99; at most 9 digits before the point and 4 after), or null. */
function parseDecimal(text: string): number | null {
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  const fraction = dot === -1 ? '' : text.slice(dot + 1);
  if (parseInteger(whole) === null || fraction.length > 4 || (dot !== -1 && parseInteger(fraction) === null)) return null;
  return Number(text);
}

/**
 * Colors as names (red, red/green, red,green) or letters (rg), mixed freely across the / and , separated parts; null
 * when a part is neither. In CARD_COLORS order, each once.
 */
function parseColors(text: string): CardColor[] | null {
  const found = new Set<CardColor>();
  let part = '';
  const flush = (): boolean => {
    if (!part) return false;
    const named = CARD_COLORS.find((c) => c.toLowerCase() === part);
    if (named) found.add(named);
    else {
      for (const letter of part) {
        const color = COLOR_LETTERS[letter];
        if (!color) return false;
        found.add(color);
      }
    }
    part = '';
    return true;
  };
  for (const ch of text.toLowerCase()) {
    if (ch === '/' || ch === ',') {
      if (!flush()) return null;
    } else part += ch;
  }
  if (!flush()) return null;
  return CARD_COLORS.filter((c) => found.has(c));
}

/** A product code: letters, digits and dashes (op05, OP-05, op14-eb04); checked against the catalogue by matching. */
function isProductCode(text: string): boolean {
  for (const ch of text) if (!(isDigit(ch) || (ch >= 'a' && ch <= 'z') || ch === '-')) return false;
  return true;
}

const oneOf = <T extends string>(values: readonly T[], text: string): T | null => (values as readonly string[]).includes(text) ? (text as T) : null;

/** The value of a numeric keyword: an integer, a decimal price, or x for the block icon X. */
function numericValue(keyword: NumericKeyword, op: SearchOperator, lower: string, raw: RawKeyword): number | 'x' {
  if (keyword === 'block' && lower === 'x') {
    if (!EQUALITY.includes(op)) throw badOperator(raw, 'block');
    return 'x';
  }
  const n = keyword === 'price' ? parseDecimal(lower) : parseInteger(lower);
  if (n === null) throw badValue(raw, keyword);
  return n;
}

const badValue = (raw: RawKeyword, keyword: SearchKeyword) =>
  new SearchQueryError('BAD_VALUE', raw.valueStart, raw.value, { keyword: raw.name.toLowerCase(), canonical: keyword });
const badOperator = (raw: RawKeyword, keyword: SearchKeyword) =>
  new SearchQueryError('BAD_OPERATOR', raw.start + raw.name.length, raw.op, { keyword: raw.name.toLowerCase(), canonical: keyword, operator: raw.op });

/**
 * A keyword term checked and its value read, or a SearchQueryError: an unknown keyword, an operator the keyword does
 * not take (only numbers, price, owned and colors compare with < <= > >=), a missing value, or a value the keyword
 * cannot take.
 */
export function readKeyword(raw: RawKeyword): KeywordTerm {
  const keyword = KEYWORD_ALIASES[raw.name.toLowerCase()];
  if (!keyword) throw new SearchQueryError('UNKNOWN_KEYWORD', raw.start, raw.name, { keyword: raw.name });
  const { op } = raw;
  const span = { start: raw.start, end: raw.end };
  const numeric = keyword === 'cost' || keyword === 'power' || keyword === 'counter' || keyword === 'life' || keyword === 'block' || keyword === 'owned' || keyword === 'price';
  if (!numeric && keyword !== 'color' && !EQUALITY.includes(op)) throw badOperator(raw, keyword);
  if (!raw.value.length) throw new SearchQueryError('MISSING_VALUE', raw.valueStart, '', { keyword: raw.name.toLowerCase(), canonical: keyword });
  const lower = raw.value.toLowerCase();
  const eq = op as ':' | '=' | '!=';
  if (numeric) return { type: 'keyword', keyword, op, value: numericValue(keyword, op, lower, raw), ...span };
  switch (keyword) {
    case 'name':
    case 'text':
    case 'type':
    case 'num':
      return { type: 'keyword', keyword, op: eq, value: raw.value, ...span };
    case 'color': {
      const colors = parseColors(lower);
      if (!colors) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op, value: colors, ...span };
    }
    case 'rarity': {
      const code = lower === 'sp card' ? 'sp' : oneOf(Object.keys(RARITY_CODES) as RarityCode[], lower);
      if (!code) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op: eq, value: code, ...span };
    }
    case 'attr': {
      const value = oneOf<AttributeValue>(ATTRIBUTE_VALUES, lower);
      if (!value) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op: eq, value, ...span };
    }
    case 'set':
      if (!isProductCode(lower)) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op: eq, value: raw.value, ...span };
    case 'is': {
      const value = oneOf<IsValue>(IS_VALUES, lower);
      if (!value) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op: eq, value, ...span };
    }
    case 'legal':
    case 'banned': {
      const value = oneOf<FormatValue>(FORMAT_VALUES, lower);
      if (!value) throw badValue(raw, keyword);
      return { type: 'keyword', keyword, op: eq, value, ...span };
    }
  }
  throw new SearchQueryError('UNKNOWN_KEYWORD', raw.start, raw.name, { keyword: raw.name });
}
