import { describe, expect, it } from 'vitest';
import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH } from './ast';
import { SEARCH_ERROR_CODES, SEARCH_ERROR_MESSAGE_KEYS, SEARCH_ERROR_MESSAGES_EN, SearchQueryError, type SearchErrorCode } from './errors';
import { parseQuery, tryParseQuery } from './parse';

/** The error a query gives: code, 0-based position and offending text. */
function errorOf(query: string): { code: SearchErrorCode; position: number; text: string } {
  const result = tryParseQuery(query);
  if (result.ok) throw new Error(`"${query}" parsed`);
  const { code, position, text } = result.error;
  return { code, position, text };
}

describe('parseQuery: errors', () => {
  it('names an unknown keyword where it starts (foo:bar)', () => {
    expect(errorOf('foo:bar')).toEqual({ code: 'UNKNOWN_KEYWORD', position: 0, text: 'foo' });
    expect(errorOf('luffy colour:red')).toEqual({ code: 'UNKNOWN_KEYWORD', position: 6, text: 'colour' });
    expect(errorOf('-x>3')).toEqual({ code: 'UNKNOWN_KEYWORD', position: 1, text: 'x' });
  });

  it('names a value the keyword cannot take where the value starts (cost>abc, c:purplish)', () => {
    expect(errorOf('cost>abc')).toEqual({ code: 'BAD_VALUE', position: 5, text: 'abc' });
    expect(errorOf('c:purplish')).toEqual({ code: 'BAD_VALUE', position: 2, text: 'purplish' });
    expect(errorOf('c:red/')).toEqual({ code: 'BAD_VALUE', position: 2, text: 'red/' });
    expect(errorOf('c:rx')).toEqual({ code: 'BAD_VALUE', position: 2, text: 'rx' });
    expect(errorOf('r:mythic')).toEqual({ code: 'BAD_VALUE', position: 2, text: 'mythic' });
    expect(errorOf('a:fire')).toEqual({ code: 'BAD_VALUE', position: 2, text: 'fire' });
    expect(errorOf('is:foil')).toEqual({ code: 'BAD_VALUE', position: 3, text: 'foil' });
    expect(errorOf('legal:modern')).toEqual({ code: 'BAD_VALUE', position: 6, text: 'modern' });
    expect(errorOf('banned:vintage')).toEqual({ code: 'BAD_VALUE', position: 7, text: 'vintage' });
    expect(errorOf('power>=5k')).toEqual({ code: 'BAD_VALUE', position: 7, text: '5k' });
    expect(errorOf('cost=-1')).toEqual({ code: 'BAD_VALUE', position: 5, text: '-1' });
    expect(errorOf('cost=1.5')).toEqual({ code: 'BAD_VALUE', position: 5, text: '1.5' });
    expect(errorOf('cost=1234567890')).toEqual({ code: 'BAD_VALUE', position: 5, text: '1234567890' });
    expect(errorOf('price<2.')).toEqual({ code: 'BAD_VALUE', position: 6, text: '2.' });
    expect(errorOf('price<2.12345')).toEqual({ code: 'BAD_VALUE', position: 6, text: '2.12345' });
    expect(errorOf('owned>many')).toEqual({ code: 'BAD_VALUE', position: 6, text: 'many' });
    expect(errorOf('set:op_05')).toEqual({ code: 'BAD_VALUE', position: 4, text: 'op_05' });
  });

  it('refuses an order comparison on a keyword without order (r>sr) at the operator', () => {
    expect(errorOf('r>sr')).toEqual({ code: 'BAD_OPERATOR', position: 1, text: '>' });
    expect(errorOf('rarity<=c')).toEqual({ code: 'BAD_OPERATOR', position: 6, text: '<=' });
    for (const q of ['name>a', 'o<a', 't>=leader', 'a<slash', 'set>op05', 'num<op', 'is>base', 'legal<standard', 'banned>extra', 'block<x']) {
      expect(errorOf(q).code, q).toBe('BAD_OPERATOR');
    }
  });

  it('asks for a value after a keyword, quoted empty or missing', () => {
    expect(errorOf('c: red')).toEqual({ code: 'MISSING_VALUE', position: 2, text: '' });
    expect(errorOf('name:""')).toEqual({ code: 'MISSING_VALUE', position: 5, text: '' });
    expect(errorOf('a ""')).toEqual({ code: 'MISSING_VALUE', position: 2, text: '""' });
  });

  it('finds an unbalanced parenthesis: an unclosed ( where it opens, a stray ) where it is', () => {
    expect(errorOf('(a')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 0, text: '(' });
    expect(errorOf('a (b (c)')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 2, text: '(' });
    expect(errorOf('a)')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 1, text: ')' });
    expect(errorOf(')a')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 0, text: ')' });
    expect(errorOf('(a)) b')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 3, text: ')' });
    expect(errorOf('a (')).toEqual({ code: 'UNBALANCED_PARENTHESIS', position: 2, text: '(' });
  });

  it('refuses empty parentheses', () => {
    expect(errorOf('a () b')).toEqual({ code: 'EMPTY_GROUP', position: 2, text: '()' });
  });

  it('refuses an or or a - with nothing to act on', () => {
    expect(errorOf('or a')).toEqual({ code: 'DANGLING_OPERATOR', position: 0, text: 'or' });
    expect(errorOf('a OR')).toEqual({ code: 'DANGLING_OPERATOR', position: 2, text: 'OR' });
    expect(errorOf('a or or b')).toEqual({ code: 'DANGLING_OPERATOR', position: 2, text: 'or' });
    expect(errorOf('(a or) b')).toEqual({ code: 'DANGLING_OPERATOR', position: 3, text: 'or' });
    expect(errorOf('(or a)')).toEqual({ code: 'DANGLING_OPERATOR', position: 1, text: 'or' });
    expect(errorOf('a -')).toEqual({ code: 'DANGLING_OPERATOR', position: 2, text: '-' });
    expect(errorOf('a - b')).toEqual({ code: 'DANGLING_OPERATOR', position: 2, text: '-' });
    expect(errorOf('(a -)')).toEqual({ code: 'DANGLING_OPERATOR', position: 3, text: '-' });
    expect(errorOf('a -or b')).toEqual({ code: 'DANGLING_OPERATOR', position: 2, text: '-' });
  });

  it('refuses an empty query', () => {
    expect(errorOf('')).toEqual({ code: 'EMPTY_QUERY', position: 0, text: '' });
    expect(errorOf(' \t ')).toEqual({ code: 'EMPTY_QUERY', position: 0, text: '' });
  });

  it('refuses an unclosed quote where it opens', () => {
    expect(errorOf('a "b c')).toEqual({ code: 'UNCLOSED_QUOTE', position: 2, text: '"b c' });
    expect(errorOf('o:"[On Play]')).toEqual({ code: 'UNCLOSED_QUOTE', position: 2, text: '"[On Play]' });
    expect(errorOf('"a\\"')).toEqual({ code: 'UNCLOSED_QUOTE', position: 0, text: '"a\\"' });
  });

  it('refuses more than 500 characters at the 501st, before reading anything', () => {
    expect(tryParseQuery('a'.repeat(MAX_QUERY_LENGTH)).ok).toBe(true);
    expect(errorOf('a'.repeat(MAX_QUERY_LENGTH + 1))).toEqual({ code: 'TOO_LONG', position: 500, text: 'a' });
    expect(errorOf(`foo:bar ${'a'.repeat(MAX_QUERY_LENGTH)}`).code).toBe('TOO_LONG');
  });

  it('refuses a 61st term where it starts', () => {
    const words = Array.from({ length: 61 }, () => 'ab');
    expect(errorOf(words.join(' '))).toEqual({ code: 'TOO_MANY_TERMS', position: 180, text: '' });
    // Operators and parentheses are not terms.
    expect(tryParseQuery(Array.from({ length: 60 }, () => '-(a)').join(' or ')).ok).toBe(true);
  });

  it('refuses parentheses nested deeper than 32 at the 33rd', () => {
    expect(errorOf(`${'('.repeat(MAX_QUERY_DEPTH + 1)}a${')'.repeat(MAX_QUERY_DEPTH + 1)}`)).toEqual({ code: 'TOO_DEEP', position: 32, text: '(' });
    expect(errorOf(`${'('.repeat(60)}a${')'.repeat(60)}`)).toEqual({ code: 'TOO_DEEP', position: 32, text: '(' });
    expect(errorOf(`${'-('.repeat(60)}a${')'.repeat(60)}`)).toEqual({ code: 'TOO_DEEP', position: 65, text: '(' });
  });

  it('carries the message key, the params and an English message naming the problem and its column', () => {
    try {
      parseQuery('luffy foo:bar');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SearchQueryError);
      const e = error as SearchQueryError;
      expect(e.messageKey).toBe('search.errors.unknownKeyword');
      expect(e.params).toMatchObject({ keyword: 'foo', position: 6, column: 7, text: 'foo' });
      expect(e.message).toBe('Unknown keyword “foo” at column 7');
    }
    expect(tryParseQuery('cost>abc')).toMatchObject({ ok: false, error: { message: '“cost” cannot take the value “abc” (column 6)' } });
    expect(tryParseQuery('r>sr')).toMatchObject({ ok: false, error: { message: '“r” cannot be compared with “>” (column 2)' } });
    for (const code of SEARCH_ERROR_CODES) expect(SEARCH_ERROR_MESSAGES_EN[SEARCH_ERROR_MESSAGE_KEYS[code]], code).toBeTruthy();
  });
});

describe('parseQuery: hostile input', () => {
  // Shapes that make naive parsers (backtracking regexes, rescans, unbounded recursion) slow or crash, each at the
  // 500-character limit. Parsing is linear by construction (tokenize.ts, parse.ts); these must end, with a tree or a
  // SearchQueryError and nothing else. The bench measures the time (issue 42: ≤ 1 ms for 500 characters).
  const n = MAX_QUERY_LENGTH;
  const shapes: Record<string, string> = {
    brackets: '['.repeat(n),
    closedBrackets: `${'['.repeat(n - 1)}]`,
    bracketValues: 'o:['.repeat(Math.floor(n / 3)),
    bracketThenClose: `${'o:[a '.repeat(99)}]`,
    quotes: '"'.repeat(n),
    escapes: `"${'\\"'.repeat((n - 2) / 2)}"`,
    backslashes: '\\'.repeat(n),
    dashes: `${'-'.repeat(n - 1)}a`,
    opens: '('.repeat(n),
    closes: ')'.repeat(n),
    alternating: '()'.repeat(n / 2),
    ors: 'a or '.repeat(n / 5),
    colons: ':'.repeat(n),
    keywordRun: 'c'.repeat(n - 1) + ':',
    operators: '<='.repeat(n / 2),
    colorList: `c:${'r/'.repeat((n - 3) / 2)}r`,
    longWord: 'x'.repeat(n),
    spaces: ' '.repeat(n),
  };
  for (const [name, query] of Object.entries(shapes)) {
    it(`ends on ${name}`, () => {
      expect(query.length).toBeLessThanOrEqual(n);
      const result = tryParseQuery(query);
      if (!result.ok) expect(result.error).toBeInstanceOf(SearchQueryError);
    });
  }

  it('reads 498 negations in a row as nested nots without exhausting anything', () => {
    const result = tryParseQuery(`${'-'.repeat(498)}a`);
    expect(result.ok).toBe(true);
  });
});
