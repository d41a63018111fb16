import { describe, expect, it } from 'vitest';
import { SEARCH_ERROR_MESSAGE_KEYS } from './errors';
import { SEARCH_ERROR_MESSAGES, searchErrorMessage } from './messages';
import { tryParseQuery } from './parse';

describe('query error messages', () => {
  it('has every code\'s message in English, Portuguese and Spanish, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.values(SEARCH_ERROR_MESSAGE_KEYS)) {
      const en = SEARCH_ERROR_MESSAGES.en[key]!;
      expect(en, key).toBeTruthy();
      for (const lang of ['pt', 'es'] as const) {
        expect(SEARCH_ERROR_MESSAGES[lang][key], `${lang} ${key}`).toBeTruthy();
        expect(placeholders(SEARCH_ERROR_MESSAGES[lang][key]!), `${lang} ${key}`).toEqual(placeholders(en));
      }
    }
  });

  it('names the problem and its column in the asked language', () => {
    const result = tryParseQuery('c:red foo:bar');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(searchErrorMessage(result.error, 'en')).toBe('Unknown keyword “foo” at column 7');
    expect(searchErrorMessage(result.error, 'pt')).toBe('Palavra-chave desconhecida “foo” na coluna 7');
    expect(searchErrorMessage(result.error, 'es')).toBe('Palabra clave desconocida «foo» en la columna 7');
  });
});
