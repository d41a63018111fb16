import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { QueryBox } from './query-box';

/** The box with its committed query shown, as the library page holds it in the URL. */
function Harness({ initial = '', onChange = () => {} }: { initial?: string; onChange?: (q: string) => void }) {
  const [q, setQ] = useState(initial);
  return (
    <>
      <output data-testid="committed">{q}</output>
      <QueryBox
        value={q}
        onChange={(next) => {
          setQ(next);
          onChange(next);
        }}
        source={{ subtypes: ['Straw Hat Crew', 'Navy'], setCodes: ['op01', 'op05'] }}
        label="Search cards"
        placeholder=""
      />
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search cards' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text, selectionStart: text.length } });

afterEach(() => vi.useRealTimers());

describe('the search box speaks the language', () => {
  it('shows a problem under the box in English, with its position marked, and reports only a query that reads', async () => {
    await initTestI18n('en');
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('luffy c:purplish');
    const alert = await screen.findByTestId('query-error', {}, { timeout: 2000 });
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('“c” cannot take the value “purplish” (column 9)');
    expect(screen.getByTestId('query-error-spot').querySelector('mark')?.textContent).toBe('purplish');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe(alert.id);
    expect(onChange).not.toHaveBeenCalled();
    type('luffy c:purple');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('luffy c:purple'));
    expect(screen.queryByTestId('query-error')).toBeNull();
  });

  it('says it in Portuguese when the app is in Portuguese', async () => {
    await initTestI18n('pt');
    render(<Harness />);
    type('luffy (');
    const alert = await screen.findByTestId('query-error', {}, { timeout: 2000 });
    expect(alert.textContent).toContain('O parêntese da coluna 7 não tem par');
    type('foo:bar');
    await waitFor(() => expect(screen.getByTestId('query-error').textContent).toContain('Palavra-chave desconhecida “foo” na coluna 1'));
    await initTestI18n('en');
  });

  it('shows the API answer (400 QUERY_INVALID) the same way', async () => {
    await initTestI18n('es');
    render(
      <QueryBox
        value="x"
        onChange={() => {}}
        apiProblem={{ messageKey: 'search.errors.tooManyTerms', params: { column: 1 }, message: 'too many', position: 0, text: 'x' }}
        label="Search cards"
        placeholder=""
      />,
    );
    expect(screen.getByTestId('query-error').textContent).toContain('Una búsqueda tiene como máximo 60 términos');
    await initTestI18n('en');
  });

  it('completes keywords and values from the keyboard: arrows, Enter or Tab accept, Escape closes', async () => {
    await initTestI18n('en');
    render(<Harness />);
    type('co');
    const list = screen.getByRole('listbox');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['cost:Cost', 'color:Colors', 'counter:Counter']);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const active = screen.getAllByRole('option')[1]!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((box() as HTMLInputElement).value).toBe('color:');
    // The values of the keyword follow, translated.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('red' + 'Red');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Tab' });
    expect((box() as HTMLInputElement).value).toBe('color:red ');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    type('color:red t:str');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['"straw hat crew"']);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    // Enter with no option chosen searches at once.
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByTestId('committed').textContent).toBe('color:red t:str');
  });
});

describe('the popup', () => {
  it('does not cover the page for a value typed whole', async () => {
    await initTestI18n('en');
    render(<Harness />);
    type('t:character');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    type('t:charac');
    expect(box().getAttribute('aria-expanded')).toBe('true');
  });
});
