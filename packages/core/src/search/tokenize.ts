import type { SearchOperator } from './ast';
import { SearchQueryError } from './errors';

/**
 * The search language's tokens. One pass over the query, each character read a bounded number of times (no regex
 * over the query, no backtracking): linear in its length.
 */
export type Token =
  | { kind: 'lparen'; start: number }
  | { kind: 'rparen'; start: number }
  | { kind: 'not'; start: number }
  | { kind: 'or'; start: number; end: number; text: string }
  | { kind: 'word'; start: number; end: number; text: string }
  | {
      kind: 'keyword';
      start: number;
      end: number;
      /** The keyword as typed (letters only), and where its value starts. */
      name: string;
      op: SearchOperator;
      value: string;
      valueStart: number;
    };

const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v' || ch === '\u00a0' || ch === '\u3000';
const isLetter = (ch: string) => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
/** Characters that end a bare word or value (outside [brackets]). */
const endsBare = (ch: string) => isSpace(ch) || ch === '(' || ch === ')' || ch === '"';

/** The operator at `i`, if one starts there (two-character ones first). */
function operatorAt(query: string, i: number): SearchOperator | null {
  const ch = query[i];
  const next = query[i + 1];
  if (ch === ':' || ch === '=') return ch;
  if (ch === '!' && next === '=') return '!=';
  if (ch === '<' || ch === '>') return next === '=' ? `${ch}=` : ch;
  return null;
}

class Scanner {
  readonly tokens: Token[] = [];
  private i = 0;
  /** The last `]` of the query: a `[` opens a bracketed part of a word (spaces kept) only when one follows it. */
  private readonly lastClose: number;

  constructor(private readonly query: string) {
    this.lastClose = query.lastIndexOf(']');
  }

  run(): Token[] {
    const q = this.query;
    while (this.i < q.length) {
      const ch = q[this.i]!;
      if (isSpace(ch)) this.i++;
      else if (ch === '(') this.tokens.push({ kind: 'lparen', start: this.i++ });
      else if (ch === ')') this.tokens.push({ kind: 'rparen', start: this.i++ });
      else if (ch === '-') this.negation();
      else if (ch === '"') {
        const start = this.i;
        const text = this.quoted();
        this.tokens.push({ kind: 'word', start, end: this.i, text });
      } else this.wordOrKeyword();
    }
    return this.tokens;
  }

  /** A `-` negates what follows it at once; before a space, a `)` or the end it negates nothing. */
  private negation() {
    const next = this.query[this.i + 1];
    if (next === undefined || isSpace(next) || next === ')') throw new SearchQueryError('DANGLING_OPERATOR', this.i, '-');
    this.tokens.push({ kind: 'not', start: this.i++ });
  }

  /** A "quoted" text from the quote at `i`: \" and \\ escape a quote and a backslash; any other \ is kept. */
  private quoted(): string {
    const q = this.query;
    const open = this.i;
    let text = '';
    let i = open + 1;
    while (i < q.length && q[i] !== '"') {
      if (q[i] === '\\' && (q[i + 1] === '"' || q[i + 1] === '\\')) i++;
      text += q[i];
      i++;
    }
    if (i >= q.length) throw new SearchQueryError('UNCLOSED_QUOTE', open, q.slice(open, Math.min(q.length, open + 20)));
    this.i = i + 1;
    return text;
  }

  /** A bare word or value from `i`: up to a space, a parenthesis or a quote, a [bracketed part] kept whole. */
  private bare(): string {
    const q = this.query;
    const start = this.i;
    let i = start;
    let inBracket = false;
    while (i < q.length) {
      const ch = q[i]!;
      if (inBracket) {
        if (ch === ']') inBracket = false;
      } else if (endsBare(ch)) break;
      else if (ch === '[' && i < this.lastClose) inBracket = true;
      i++;
    }
    this.i = i;
    return q.slice(start, i);
  }

  /** `letters` + operator starts a keyword term (known or not: the parser judges); anything else is a bare word. */
  private wordOrKeyword() {
    const q = this.query;
    const start = this.i;
    let j = start;
    while (j < q.length && isLetter(q[j]!)) j++;
    const op = j > start ? operatorAt(q, j) : null;
    if (op === null) {
      const text = this.bare();
      const isOr = text.length === 2 && text.toLowerCase() === 'or';
      this.tokens.push({ kind: isOr ? 'or' : 'word', start, end: this.i, text });
      return;
    }
    this.i = j + op.length;
    const valueStart = this.i;
    const value = q[this.i] === '"' ? this.quoted() : this.bare();
    this.tokens.push({ kind: 'keyword', start, end: this.i, name: q.slice(start, j), op, value, valueStart });
  }
}

/** The tokens of a query; throws SearchQueryError on an unclosed quote or a `-` before nothing. */
export function tokenize(query: string): Token[] {
  return new Scanner(query).run();
}
