import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_TERMS, type SearchNode, type SearchTerm } from './ast';
import { SearchQueryError } from './errors';
import { readKeyword } from './keywords';
import { tokenize, type Token } from './tokenize';

/**
 * Recursive descent over the tokens (docs/search-language.md has the grammar):
 *
 *   query   = or ;
 *   or      = and { "or" and } ;
 *   and     = unary { unary } ;
 *   unary   = { "-" } primary ;
 *   primary = "(" or ")" | term ;
 *
 * Each token is looked at a bounded number of times and parentheses nest at most MAX_QUERY_DEPTH deep (the recursion
 * is bounded by it), so parsing is linear in the query's length.
 */
class Parser {
  private i = 0;
  private terms = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  parseQuery(): SearchNode {
    const node = this.parseOr(0);
    const next = this.peek();
    // parseOr stops only at the end or at a ")" no "(" opened.
    if (next) throw new SearchQueryError('UNBALANCED_PARENTHESIS', next.start, ')');
    return node;
  }

  private parseOr(depth: number): SearchNode {
    const children = [this.parseAnd(depth)];
    for (let next = this.peek(); next?.kind === 'or'; next = this.peek()) {
      this.i++;
      const after = this.peek();
      if (!after || after.kind === 'or' || after.kind === 'rparen') throw new SearchQueryError('DANGLING_OPERATOR', next.start, next.text);
      children.push(this.parseAnd(depth));
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  }

  private parseAnd(depth: number): SearchNode {
    const children: SearchNode[] = [];
    for (let next = this.peek(); next && next.kind !== 'or' && next.kind !== 'rparen'; next = this.peek()) {
      children.push(this.parseUnary(depth));
    }
    if (!children.length) {
      const next = this.peek();
      // Only the query's or a group's start can be followed by nothing: parseOr and parsePrimary check the rest.
      if (!next) throw new SearchQueryError('EMPTY_QUERY', 0, '');
      if (next.kind === 'or') throw new SearchQueryError('DANGLING_OPERATOR', next.start, next.text);
      throw new SearchQueryError('UNBALANCED_PARENTHESIS', next.start, ')');
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  }

  private parseUnary(depth: number): SearchNode {
    const nots: Token[] = [];
    for (let next = this.peek(); next?.kind === 'not'; next = this.peek()) {
      nots.push(next);
      this.i++;
    }
    const next = this.peek();
    if (nots.length && (!next || next.kind === 'or' || next.kind === 'rparen')) {
      throw new SearchQueryError('DANGLING_OPERATOR', nots[nots.length - 1]!.start, '-');
    }
    let node = this.parsePrimary(depth);
    for (let n = 0; n < nots.length; n++) node = { type: 'not', child: node };
    return node;
  }

  private parsePrimary(depth: number): SearchNode {
    const token = this.tokens[this.i++]!;
    if (token.kind === 'lparen') {
      if (depth >= MAX_QUERY_DEPTH) throw new SearchQueryError('TOO_DEEP', token.start, '(', { max: MAX_QUERY_DEPTH });
      const next = this.peek();
      if (next?.kind === 'rparen') throw new SearchQueryError('EMPTY_GROUP', token.start, '()');
      if (!next) throw new SearchQueryError('UNBALANCED_PARENTHESIS', token.start, '(');
      const node = this.parseOr(depth + 1);
      if (this.peek()?.kind !== 'rparen') throw new SearchQueryError('UNBALANCED_PARENTHESIS', token.start, '(');
      this.i++;
      return node;
    }
    return this.term(token);
  }

  private term(token: Token): SearchTerm {
    if (token.kind !== 'word' && token.kind !== 'keyword') {
      // parseAnd and parseUnary never hand another token here.
      throw new SearchQueryError('DANGLING_OPERATOR', token.start, '');
    }
    this.terms++;
    if (this.terms > MAX_QUERY_TERMS) throw new SearchQueryError('TOO_MANY_TERMS', token.start, '', { max: MAX_QUERY_TERMS });
    if (token.kind === 'keyword') return readKeyword(token);
    if (!token.text.length) throw new SearchQueryError('MISSING_VALUE', token.start, '""', { keyword: '""' });
    return { type: 'word', text: token.text, start: token.start, end: token.end };
  }
}

/**
 * The syntax tree of a search query, or a SearchQueryError naming the problem, its 0-based position and the
 * offending text: too long (over MAX_QUERY_LENGTH characters, checked first), empty, an unclosed quote, an unknown
 * keyword, a bad operator or value, unbalanced or too deeply nested parentheses, an `or` or `-` with nothing to act on,
 * more than MAX_QUERY_TERMS terms.
 */
export function parseQuery(query: string): SearchNode {
  if (query.length > MAX_QUERY_LENGTH) throw new SearchQueryError('TOO_LONG', MAX_QUERY_LENGTH, query.slice(MAX_QUERY_LENGTH, MAX_QUERY_LENGTH + 20), { max: MAX_QUERY_LENGTH });
  return new Parser(tokenize(query)).parseQuery();
}

export type ParseResult = { ok: true; ast: SearchNode } | { ok: false; error: SearchQueryError };

/** parseQuery without throwing (a non-search error is thrown on). */
export function tryParseQuery(query: string): ParseResult {
  try {
    return { ok: true, ast: parseQuery(query) };
  } catch (error) {
    if (error instanceof SearchQueryError) return { ok: false, error };
    throw error;
  }
}
