import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './ast';

/** Why a query cannot be read. The API answers each with 400 QUERY_INVALID and the translated message. */
export const SEARCH_ERROR_CODES = [
  'EMPTY_QUERY',
  'TOO_LONG',
  'TOO_MANY_TERMS',
  'TOO_DEEP',
  'UNKNOWN_KEYWORD',
  'BAD_OPERATOR',
  'BAD_VALUE',
  'MISSING_VALUE',
  'UNCLOSED_QUOTE',
  'UNBALANCED_PARENTHESIS',
  'EMPTY_GROUP',
  'DANGLING_OPERATOR',
] as const;
export type SearchErrorCode = (typeof SEARCH_ERROR_CODES)[number];

/** i18n key of each code's message; its params are those of the error (position is 1-based in `column`). */
export const SEARCH_ERROR_MESSAGE_KEYS: Record<SearchErrorCode, string> = {
  EMPTY_QUERY: 'search.errors.emptyQuery',
  TOO_LONG: 'search.errors.tooLong',
  TOO_MANY_TERMS: 'search.errors.tooManyTerms',
  TOO_DEEP: 'search.errors.tooDeep',
  UNKNOWN_KEYWORD: 'search.errors.unknownKeyword',
  BAD_OPERATOR: 'search.errors.badOperator',
  BAD_VALUE: 'search.errors.badValue',
  MISSING_VALUE: 'search.errors.missingValue',
  UNCLOSED_QUOTE: 'search.errors.unclosedQuote',
  UNBALANCED_PARENTHESIS: 'search.errors.unbalancedParenthesis',
  EMPTY_GROUP: 'search.errors.emptyGroup',
  DANGLING_OPERATOR: 'search.errors.danglingOperator',
};

/**
 * English text of each message (the server's `message`; the web app translates the same keys). {{column}} is the
 * 1-based position, {{text}} the offending text, {{keyword}} and {{operator}} the term's, {{max}} the limit.
 */
export const SEARCH_ERROR_MESSAGES_EN: Record<string, string> = {
  'search.errors.emptyQuery': 'The search is empty',
  'search.errors.tooLong': `A search has at most ${MAX_QUERY_LENGTH} characters`,
  'search.errors.tooManyTerms': `A search has at most ${MAX_QUERY_TERMS} terms (the one at column {{column}} is one too many)`,
  'search.errors.tooDeep': `Parentheses nest at most ${MAX_QUERY_DEPTH} deep (column {{column}})`,
  'search.errors.unknownKeyword': 'Unknown keyword “{{keyword}}” at column {{column}}',
  'search.errors.badOperator': '“{{keyword}}” cannot be compared with “{{operator}}” (column {{column}})',
  'search.errors.badValue': '“{{keyword}}” cannot take the value “{{text}}” (column {{column}})',
  'search.errors.missingValue': '“{{keyword}}” needs a value (column {{column}})',
  'search.errors.unclosedQuote': 'The quote at column {{column}} is never closed',
  'search.errors.unbalancedParenthesis': 'The parenthesis at column {{column}} has no partner',
  'search.errors.emptyGroup': 'The parentheses at column {{column}} hold nothing',
  'search.errors.danglingOperator': '“{{text}}” at column {{column}} has no term to act on',
};

export type SearchErrorParams = Record<string, string | number>;

/** A query the language cannot read: its code, 0-based position, the offending text and the message key with params. */
export class SearchQueryError extends Error {
  readonly code: SearchErrorCode;
  readonly position: number;
  readonly text: string;
  readonly messageKey: string;
  readonly params: SearchErrorParams;

  constructor(code: SearchErrorCode, position: number, text: string, params: SearchErrorParams = {}) {
    const messageKey = SEARCH_ERROR_MESSAGE_KEYS[code];
    const allParams: SearchErrorParams = { ...params, text, position, column: position + 1 };
    super(interpolate(SEARCH_ERROR_MESSAGES_EN[messageKey] ?? code, allParams));
    this.name = 'SearchQueryError';
    this.code = code;
    this.position = position;
    this.text = text;
    this.messageKey = messageKey;
    this.params = allParams;
  }
}

/** Replaces each {{name}} by its param (an unknown one is left as it is): a linear scan, no regex over user text. */
export function interpolate(template: string, params: SearchErrorParams): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{{', i);
    const close = open === -1 ? -1 : template.indexOf('}}', open + 2);
    if (open === -1 || close === -1) break;
    const name = template.slice(open + 2, close);
    out += template.slice(i, open) + (name in params ? String(params[name]) : `{{${name}}}`);
    i = close + 2;
  }
  return out + template.slice(i);
}
