import { blockNumber } from '../decks/validate';
import { productParts } from '../set-code';
import { RARITY_CODES, type FormatValue, type KeywordTerm, type SearchNode, type SearchOperator, type SearchTerm } from './ast';

/**
 * What the language reads of a print. A Card of the API contract (contracts/cards.ts) is one as it is; the server's
 * card rows (catalogue/card-row.ts toCard) give it.
 */
export interface SearchPrint {
  cardNumber: string;
  name: string;
  /** Leader, Character, Event or Stage. */
  cardType: string;
  /** Effect text; null, empty or "-" for a vanilla card. */
  cardText: string | null;
  /** The card's types (subtypes): Straw Hat Crew, Navy, … */
  subtypes: readonly string[];
  colors: readonly string[];
  cost: number | null;
  power: number | null;
  counter: number | null;
  life: number | null;
  /** The block icon printed on the print: 1, 2, …, X, or null. */
  blockIcon: string | null;
  /** As the card data writes it: L, C, UC, R, SR, SEC, SP CARD, P, TR. */
  rarity: string;
  attributes: readonly string[];
  /** The print's product; its code as stored (OP-05, OP-14-EB04, PRB-01), null for products without one. */
  set: { code: string | null } | null;
  /** A parallel or alternate art of its card number. */
  isVariation: boolean;
}

/**
 * What the print alone cannot say, asked only when the query has such a term (queryNeeds tells which): a missing one
 * the query needs throws. legal/banned judge the print's card number on the server's today; price is in major units
 * of the request's market, currency and price type (null: no price, which no comparison matches); owned counts the
 * copies of the print in the user's binders other than the wishlist.
 */
export interface SearchContext<P extends SearchPrint = SearchPrint> {
  legal?: (print: P, format: FormatValue) => boolean;
  banned?: (print: P, format: FormatValue) => boolean;
  price?: (print: P) => number | null;
  owned?: (print: P) => number;
  wishlist?: (print: P) => boolean;
}

export interface QueryNeeds {
  /** is:owned or owned comparisons: signed in only. */
  owned: boolean;
  /** is:wishlist: signed in only. */
  wishlist: boolean;
  price: boolean;
  /** legal: or banned: */
  legality: boolean;
  /** owned or wishlist: the API answers 401 to a signed-out user. */
  signedIn: boolean;
}

/** The context facts a query reads (anywhere in it, negated or not). */
export function queryNeeds(ast: SearchNode): QueryNeeds {
  const needs: QueryNeeds = { owned: false, wishlist: false, price: false, legality: false, signedIn: false };
  for (const term of termsOf(ast)) {
    if (term.type !== 'keyword') continue;
    if (term.keyword === 'owned' || (term.keyword === 'is' && term.value === 'owned')) needs.owned = true;
    if (term.keyword === 'is' && term.value === 'wishlist') needs.wishlist = true;
    if (term.keyword === 'price') needs.price = true;
    if (term.keyword === 'legal' || term.keyword === 'banned') needs.legality = true;
  }
  needs.signedIn = needs.owned || needs.wishlist;
  return needs;
}

/** Every term of the tree, left to right (an explicit stack: no recursion). */
function termsOf(ast: SearchNode): SearchTerm[] {
  const out: SearchTerm[] = [];
  const stack: SearchNode[] = [ast];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'and' || node.type === 'or') for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    else if (node.type === 'not') stack.push(node.child);
    else out.push(node);
  }
  return out;
}

/** Case and accents folded, runs of whitespace made one space: the form both sides of a text comparison take. */
function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/**
 * foldText of a query's value, kept: `matches` runs once per print, so a query over the library folds each of its
 * values once instead of once per print. The kept values are dropped when there are too many.
 */
const foldedValues = new Map<string, string>();
function foldValue(text: string): string {
  let f = foldedValues.get(text);
  if (f === undefined) {
    if (foldedValues.size >= 1000) foldedValues.clear();
    foldedValues.set(text, (f = foldText(text)));
  }
  return f;
}

/** A product code without dashes, lower case: OP-05, op05 and Op-05 compare equal. */
const compactCode = (code: string) => code.replaceAll('-', '').toLowerCase();

/**
 * `num:`: the card number starts with the value, case aside (issue 42). A dash the value leaves out is skipped
 * (`num:op05001`), and the value may write a product code's dash between its letters and digits (`num:op-05`); any
 * other dash of the value must be the number's own, so `num:p-` finds P-001 but not PRB01-001.
 */
function numberStartsWith(cardNumber: string, value: string): boolean {
  const number = cardNumber.toLowerCase();
  const wanted = value.toLowerCase();
  let i = 0;
  for (let j = 0; j < wanted.length; j++) {
    const ch = wanted[j]!;
    if (ch === '-') {
      if (number[i] === '-') i++;
      else if (!(/[a-z]/.test(wanted[j - 1] ?? '') && /\d/.test(wanted[j + 1] ?? ''))) return false;
      continue;
    }
    if (number[i] === '-') i++;
    if (number[i] !== ch) return false;
    i++;
  }
  return true;
}

function compare(actual: number, op: SearchOperator, wanted: number): boolean {
  switch (op) {
    case ':':
    case '=':
      return actual === wanted;
    case '!=':
      return actual !== wanted;
    case '<':
      return actual < wanted;
    case '<=':
      return actual <= wanted;
    case '>':
      return actual > wanted;
    case '>=':
      return actual >= wanted;
  }
}

/** Colors: `:` and `>=` has all of X, `=` exactly X, `!=` not exactly X, `<=` at least one and all within X, `<` and `>` strict subset and superset. */
function compareColors(actual: readonly string[], op: SearchOperator, wanted: readonly string[]): boolean {
  const has = new Set(actual.map((c) => c.toLowerCase()));
  const want = new Set(wanted.map((c) => c.toLowerCase()));
  const allWanted = [...want].every((c) => has.has(c));
  const allWithin = has.size > 0 && [...has].every((c) => want.has(c));
  // Two sets of the same size, one holding the other, are equal.
  const exactly = allWanted && has.size === want.size;
  switch (op) {
    case ':':
    case '>=':
      return allWanted;
    case '=':
      return exactly;
    case '!=':
      return !exactly;
    case '<=':
      return allWithin;
    case '<':
      return allWithin && has.size < want.size;
    case '>':
      return allWanted && has.size > want.size;
  }
}

/** Equality keywords: `!=` is the negation of `=`. */
const equality = (op: SearchOperator, equal: boolean) => (op === '!=' ? !equal : equal);

const isVanilla = (text: string | null) => text === null || text.trim() === '' || text.trim() === '-';

/** The print's value for a numeric keyword other than price and owned: null when it has none (counter: 0). */
function numberOf(print: SearchPrint, keyword: 'cost' | 'power' | 'counter' | 'life' | 'block'): number | null {
  if (keyword === 'block') return blockNumber(print.blockIcon);
  if (keyword === 'counter') return print.counter ?? 0;
  return print[keyword];
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`search: the query needs ${what} and the context has none (see queryNeeds)`);
  return value;
}

interface FoldedPrint {
  name: string;
  cardNumber: string;
  /** '' for a vanilla card. */
  cardText: string;
  cardType: string;
  subtypes: string[];
}

/** The folded texts of each print, worked out once per print object (prints are read-only to the search). */
const foldedCache = new WeakMap<SearchPrint, FoldedPrint>();

function folded(print: SearchPrint): FoldedPrint {
  let f = foldedCache.get(print);
  if (!f) {
    f = {
      name: foldText(print.name),
      cardNumber: foldText(print.cardNumber),
      cardText: isVanilla(print.cardText) ? '' : foldText(print.cardText!),
      cardType: foldText(print.cardType),
      subtypes: print.subtypes.map(foldText),
    };
    foldedCache.set(print, f);
  }
  return f;
}

/** Whether a bare word or quoted phrase (folded) is in the name, the card number, the effect text or a type. */
function wordMatches(value: string, print: SearchPrint): boolean {
  const f = folded(print);
  return f.name.includes(value) || f.cardNumber.includes(value) || f.cardText.includes(value) || f.subtypes.some((t) => t.includes(value));
}

function keywordMatches<P extends SearchPrint>(term: KeywordTerm, print: P, ctx: SearchContext<P>): boolean {
  switch (term.keyword) {
    case 'name': {
      const { name } = folded(print);
      const value = foldValue(term.value);
      return term.op === ':' ? name.includes(value) : equality(term.op, name === value);
    }
    case 'text': {
      const text = folded(print).cardText;
      const value = foldValue(term.value);
      return term.op === ':' ? text.includes(value) : equality(term.op, text === value);
    }
    case 'type': {
      const f = folded(print);
      const value = foldValue(term.value);
      const typeEquals = f.cardType === value;
      if (term.op === ':') return typeEquals || f.subtypes.some((t) => t.includes(value));
      return equality(term.op, typeEquals || f.subtypes.some((t) => t === value));
    }
    case 'num': {
      if (term.op === ':') return numberStartsWith(print.cardNumber, term.value);
      return equality(term.op, compactCode(print.cardNumber) === compactCode(term.value));
    }
    case 'color':
      return compareColors(print.colors, term.op, term.value);
    case 'rarity':
      return equality(term.op, print.rarity.toUpperCase() === RARITY_CODES[term.value]);
    case 'attr':
      return equality(term.op, print.attributes.some((a) => a.toLowerCase() === term.value));
    case 'set': {
      const code = print.set?.code;
      if (!code) return term.op === '!=';
      const value = compactCode(term.value);
      return equality(term.op, compactCode(code) === value || productParts(code).some((part) => compactCode(part) === value));
    }
    case 'is':
      return equality(term.op, isFlag(term.value, print, ctx));
    case 'legal':
      return equality(term.op, need(ctx.legal, 'legality')(print, term.value));
    case 'banned':
      return equality(term.op, need(ctx.banned, 'legality')(print, term.value));
    case 'price': {
      const price = need(ctx.price, 'prices')(print);
      return price !== null && compare(price, term.op, term.value as number);
    }
    case 'owned':
      return compare(need(ctx.owned, 'owned copies')(print), term.op, term.value as number);
    case 'block':
      // block:x is the icon X; block!=x a print with another icon (one without an icon matches neither).
      if (term.value === 'x') return print.blockIcon !== null && equality(term.op, print.blockIcon.toLowerCase() === 'x');
    // falls through: a block number
    default: {
      const actual = numberOf(print, term.keyword);
      return actual !== null && compare(actual, term.op, term.value as number);
    }
  }
}

function isFlag<P extends SearchPrint>(flag: string, print: P, ctx: SearchContext<P>): boolean {
  switch (flag) {
    case 'parallel':
      return print.isVariation;
    case 'base':
      return !print.isVariation;
    case 'vanilla':
      return isVanilla(print.cardText);
    case 'trigger':
      return print.cardText !== null && print.cardText.toLowerCase().includes('[trigger]');
    case 'owned':
      return need(ctx.owned, 'owned copies')(print) > 0;
    default:
      return need(ctx.wishlist, 'the wishlist')(print);
  }
}

/**
 * Whether the print matches the query. Recursion follows the tree, whose depth the parser bounds (MAX_QUERY_DEPTH
 * parentheses; a run of `-` adds one level each, at most the query's length).
 */
export function matches<P extends SearchPrint>(ast: SearchNode, print: P, ctx: SearchContext<P> = {}): boolean {
  switch (ast.type) {
    case 'and':
      return ast.children.every((child) => matches(child, print, ctx));
    case 'or':
      return ast.children.some((child) => matches(child, print, ctx));
    case 'not':
      return !matches(ast.child, print, ctx);
    case 'word':
      return wordMatches(foldValue(ast.text), print);
    case 'keyword':
      return keywordMatches(ast, print, ctx);
  }
}

/**
 * Name matches rank first (as the library's relevance does): 0 when a bare word or phrase of the query that is not
 * negated is in the print's name, 1 otherwise.
 */
export function rankName(ast: SearchNode, print: SearchPrint): 0 | 1 {
  const name = foldText(print.name);
  const stack: SearchNode[] = [ast];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'and' || node.type === 'or') stack.push(...node.children);
    else if (node.type === 'word' && name.includes(foldValue(node.text))) return 0;
  }
  return 1;
}
