import { KEYWORD_ALIASES } from '@grandline/core/search/keywords';
import { tryParseQuery } from '@grandline/core/search/parse';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import enSearch from '@/locales/en/search.json';
import esSearch from '@/locales/es/search.json';
import ptSearch from '@/locales/pt/search.json';
import { initTestI18n } from '@/test/i18n';
import { SyntaxPage } from './syntax-page';

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'search', enSearch);
  i18next.addResourceBundle('pt', 'search', ptSearch);
  i18next.addResourceBundle('es', 'search', esSearch);
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <SyntaxPage />
    </MemoryRouter>,
  );

describe('the syntax page (/cards/syntax)', () => {
  it('explains every keyword of the language, each alias named', () => {
    const { container } = renderPage();
    const explained = new Set([...container.querySelectorAll('section[data-keywords]')].flatMap((s) => s.getAttribute('data-keywords')!.split(' ')));
    for (const keyword of new Set(Object.values(KEYWORD_ALIASES))) expect(explained.has(keyword), keyword).toBe(true);
    const forms = [...container.querySelectorAll('code')].map((c) => c.textContent).join(' ');
    for (const alias of Object.keys(KEYWORD_ALIASES)) expect(forms, alias).toMatch(new RegExp(`(^|[ :])${alias}([:=<>!]|$| )`));
  });

  it('has examples that run when clicked: each a link to the library with a query that reads', () => {
    renderPage();
    const examples = screen.getAllByTestId('syntax-example');
    expect(examples.length).toBeGreaterThan(30);
    for (const link of examples) {
      const url = new URL(link.getAttribute('href')!, 'http://x');
      expect(url.pathname).toBe('/cards');
      const q = url.searchParams.get('q')!;
      expect(link.textContent).toContain(q);
      expect(tryParseQuery(q).ok, q).toBe(true);
    }
  });

  it.each(['pt', 'es'] as const)('is written in %s', async (language) => {
    await i18next.changeLanguage(language);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(language === 'pt' ? 'Sintaxe da busca' : 'Sintaxis de búsqueda');
    expect(document.body.textContent).not.toMatch(/sections\.|examples\./);
    await i18next.changeLanguage('en');
  });
});
