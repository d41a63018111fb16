import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './ast';
import { interpolate, SEARCH_ERROR_MESSAGES_EN, type SearchQueryError } from './errors';

/**
 * The messages of a query the language cannot read, in the three languages of the app: the one place they are
 * written, read by the server (the 400's `message`, in the request's language) and by the web app (the error under
 * the search box, before any request). Placeholders as in SEARCH_ERROR_MESSAGES_EN.
 */
export type SearchLanguage = 'en' | 'pt' | 'es';

const PT: Record<string, string> = {
  'search.errors.emptyQuery': 'A busca está vazia',
  'search.errors.tooLong': `Uma busca tem no máximo ${MAX_QUERY_LENGTH} caracteres`,
  'search.errors.tooManyTerms': `Uma busca tem no máximo ${MAX_QUERY_TERMS} termos (o da coluna {{column}} é um a mais)`,
  'search.errors.tooDeep': `Os parênteses aninham no máximo ${MAX_QUERY_DEPTH} níveis (coluna {{column}})`,
  'search.errors.unknownKeyword': 'Palavra-chave desconhecida “{{keyword}}” na coluna {{column}}',
  'search.errors.badOperator': '“{{keyword}}” não pode ser comparado com “{{operator}}” (coluna {{column}})',
  'search.errors.badValue': '“{{keyword}}” não aceita o valor “{{text}}” (coluna {{column}})',
  'search.errors.missingValue': '“{{keyword}}” precisa de um valor (coluna {{column}})',
  'search.errors.unclosedQuote': 'As aspas da coluna {{column}} nunca se fecham',
  'search.errors.unbalancedParenthesis': 'O parêntese da coluna {{column}} não tem par',
  'search.errors.emptyGroup': 'Os parênteses da coluna {{column}} estão vazios',
  'search.errors.danglingOperator': '“{{text}}” na coluna {{column}} não tem termo sobre o qual agir',
};

const ES: Record<string, string> = {
  'search.errors.emptyQuery': 'La búsqueda está vacía',
  'search.errors.tooLong': `Una búsqueda tiene como máximo ${MAX_QUERY_LENGTH} caracteres`,
  'search.errors.tooManyTerms': `Una búsqueda tiene como máximo ${MAX_QUERY_TERMS} términos (el de la columna {{column}} sobra)`,
  'search.errors.tooDeep': `Los paréntesis se anidan como máximo ${MAX_QUERY_DEPTH} niveles (columna {{column}})`,
  'search.errors.unknownKeyword': 'Palabra clave desconocida «{{keyword}}» en la columna {{column}}',
  'search.errors.badOperator': '«{{keyword}}» no se puede comparar con «{{operator}}» (columna {{column}})',
  'search.errors.badValue': '«{{keyword}}» no admite el valor «{{text}}» (columna {{column}})',
  'search.errors.missingValue': '«{{keyword}}» necesita un valor (columna {{column}})',
  'search.errors.unclosedQuote': 'Las comillas de la columna {{column}} nunca se cierran',
  'search.errors.unbalancedParenthesis': 'El paréntesis de la columna {{column}} no tiene pareja',
  'search.errors.emptyGroup': 'Los paréntesis de la columna {{column}} están vacíos',
  'search.errors.danglingOperator': '«{{text}}» en la columna {{column}} no tiene un término sobre el que actuar',
};

export const SEARCH_ERROR_MESSAGES: Record<SearchLanguage, Record<string, string>> = { en: SEARCH_ERROR_MESSAGES_EN, pt: PT, es: ES };

/** The message of a query error in a language: its key's text with the error's params filled in. */
export function searchErrorMessage(error: Pick<SearchQueryError, 'messageKey' | 'params' | 'message'>, language: SearchLanguage): string {
  const template = SEARCH_ERROR_MESSAGES[language][error.messageKey];
  return template ? interpolate(template, error.params) : error.message;
}
