import type { SearchNode } from '@grandline/core/search/ast';
import { searchErrorMessage } from '@grandline/core/search/messages';
import { tryParseQuery } from '@grandline/core/search/parse';
import { AppError } from './errors';
import type { Lang } from './mail-text';

/**
 * A search query read with the language (packages/core/src/search), or the 400 QUERY_INVALID every endpoint that takes
 * one answers: the message names the problem and its column in the request's language, and `query` carries the
 * reason, the 0-based position, the offending text and the message key with its params (the web app shows them under
 * the box). Parsing is linear in the query's length and capped at 500 characters and 60 terms.
 */
export function readSearchQuery(q: string, lang: Lang): SearchNode {
  const result = tryParseQuery(q);
  if (result.ok) return result.ast;
  const { error } = result;
  throw new AppError('QUERY_INVALID', 400, searchErrorMessage(error, lang), undefined, {
    query: { reason: error.code, position: error.position, text: error.text, messageKey: error.messageKey, params: error.params },
  });
}
