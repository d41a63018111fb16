import { describe, expect, it } from 'vitest';
import { appErrorBody, AppError } from './errors';
import { requestLanguage } from './mail-text';
import { readSearchQuery } from './search-query';

const refusal = (q: string, lang: 'en' | 'pt' | 'es') => {
  try {
    readSearchQuery(q, lang);
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: appErrorBody(err) };
    throw err;
  }
  throw new Error(`${q} was read`);
};

describe('readSearchQuery', () => {
  it('reads a query of the language', () => {
    expect(readSearchQuery('c:red cost<=2', 'en').type).toBe('and');
  });

  it('refuses a query it cannot read with 400 QUERY_INVALID, the translated message and where the problem is', () => {
    const en = refusal('t:navy (cost>abc', 'en');
    expect(en.status).toBe(400);
    expect(en.body.error.code).toBe('QUERY_INVALID');
    expect(en.body.error).toMatchObject({ query: { reason: 'BAD_VALUE', position: 13, text: 'abc' } });
    expect(en.body.error.message).toBe('“cost” cannot take the value “abc” (column 14)');
    expect(refusal('foo:bar', 'pt').body.error.message).toBe('Palavra-chave desconhecida “foo” na coluna 1');
    expect(refusal('(c:red', 'es').body.error).toMatchObject({ message: 'El paréntesis de la columna 1 no tiene pareja', query: { reason: 'UNBALANCED_PARENTHESIS', position: 0 } });
  });

  it('takes the language of the app\'s header first, then Accept-Language, else English', () => {
    expect(requestLanguage(new Headers({ 'x-grandline-language': 'es', 'accept-language': 'pt-BR' }))).toBe('es');
    expect(requestLanguage(new Headers({ 'accept-language': 'pt-BR,pt;q=0.9' }))).toBe('pt');
    expect(requestLanguage(new Headers({ 'accept-language': 'fr' }))).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });
});
