import type { KeywordTerm, SearchNode } from './ast';

/**
 * The canonical text of a query: canonical keyword names (o: → text:, c: → color:), colors as names joined by /,
 * one space between terms, parentheses only where the tree needs them, and quotes only where a bare text would read
 * otherwise. parseQuery(formatQuery(ast)) gives the same tree (positions aside): the chips and saved searches use it.
 */
export function formatQuery(ast: SearchNode): string {
  return formatNode(ast, null);
}

type Parent = 'and' | 'or' | 'not' | null;

function formatNode(node: SearchNode, parent: Parent): string {
  switch (node.type) {
    case 'and': {
      const text = node.children.map((c) => formatNode(c, 'and')).join(' ');
      return parent === 'and' || parent === 'not' ? `(${text})` : text;
    }
    case 'or': {
      const text = node.children.map((c) => formatNode(c, 'or')).join(' or ');
      return parent === null ? text : `(${text})`;
    }
    case 'not':
      return `-${formatNode(node.child, 'not')}`;
    case 'word':
      return formatText(node.text, true);
    case 'keyword':
      return `${node.keyword}${node.op}${formatValue(node)}`;
  }
}

function formatValue(term: KeywordTerm): string {
  switch (term.keyword) {
    case 'color':
      return term.value.map((c) => c.toLowerCase()).join('/');
    case 'name':
    case 'text':
    case 'type':
    case 'num':
    case 'set':
      return formatText(term.value, false);
    default:
      return String(term.value);
  }
}

const SPECIAL = new Set([' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u3000', '"', '(', ')', '[', ']', '\\']);

/**
 * A text as it must be typed to read back the same: quoted (\" and \\ escaped) when it holds a space, a quote, a
 * parenthesis, a bracket or a backslash, or is empty; a bare word also when it would read as `or`, a negation or a
 * keyword (letters then an operator).
 */
function formatText(text: string, bareWord: boolean): string {
  let quote = text.length === 0;
  for (const ch of text) if (SPECIAL.has(ch)) quote = true;
  if (bareWord && !quote) quote = text.toLowerCase() === 'or' || text.startsWith('-') || looksLikeKeyword(text);
  if (!quote) return text;
  let out = '"';
  for (const ch of text) out += ch === '"' || ch === '\\' ? `\\${ch}` : ch;
  return `${out}"`;
}

function looksLikeKeyword(text: string): boolean {
  let i = 0;
  while (i < text.length && /[a-z]/i.test(text[i]!)) i++;
  if (i === 0 || i >= text.length) return false;
  const ch = text[i];
  return ch === ':' || ch === '=' || ch === '<' || ch === '>' || (ch === '!' && text[i + 1] === '=');
}
