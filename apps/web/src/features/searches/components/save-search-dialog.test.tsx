import { STORAGE_KEYS } from '@grandline/core/locales';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { SaveSearchDialog } from './save-search-dialog';

/** fetch answering every request with `status` and `body`; the spy lists what was sent. */
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const Q = 'c:red o:"[Rush]" cost<=4';

function renderDialog(onOpenChange = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <SaveSearchDialog q={Q} open onOpenChange={onOpenChange} />
    </MemoryRouter>,
  );
  return onOpenChange;
}

const nameBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
const submit = () => fireEvent.click(screen.getByTestId('save-search-submit'));
const posts = (spy: ReturnType<typeof answer>) => spy.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => vi.restoreAllMocks());

describe('SaveSearchDialog', () => {
  it('starts with the query as the name, saves name and query, and opens the sidebar list', async () => {
    const api = answer(201, { id: 's1', name: 'Red rush', q: Q, createdAt: '2026-11-29T00:00:00Z' });
    const onOpenChange = renderDialog();
    expect(nameBox().value).toBe(Q);
    expect(screen.getByTestId('save-search-query').textContent).toBe(Q);
    fireEvent.change(nameBox(), { target: { value: '  Red rush ' } });
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = posts(api)[0]!;
    expect(String(url)).toBe('/api/searches');
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Red rush', q: Q });
    expect(localStorage.getItem(STORAGE_KEYS.savedSearches)).toMatch(/^open:/);
  });

  it('checks the name with the contract before sending: required, at most 80 characters, in the user’s language', async () => {
    const api = answer(201, {});
    renderDialog();
    fireEvent.change(nameBox(), { target: { value: '   ' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Give the search a name');
    expect(nameBox().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(nameBox(), { target: { value: 'x'.repeat(81) } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('A search name has at most 80 characters');
    await initTestI18n('pt');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('O nome de uma busca tem no máximo 80 caracteres');
    await initTestI18n('en');
    expect(posts(api)).toHaveLength(0);
  });

  it('shows what the server refused: the language’s message for a query it cannot read, else the save failed', async () => {
    answer(400, { error: { code: 'QUERY_INVALID', message: 'Unknown keyword “foo” at column 1', query: { reason: 'UNKNOWN_KEYWORD', position: 0, text: 'foo' } } });
    const onOpenChange = renderDialog();
    submit();
    expect((await screen.findByTestId('save-search-error')).textContent).toBe('Unknown keyword “foo” at column 1');
    expect(onOpenChange).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    answer(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('save-search-error').textContent).toBe("Couldn't save the search. Try again."));
    expect(screen.queryByTestId('save-search-plans')).toBeNull();
  });

  it('on Free past 3 saved searches says so, with the way to the plans', async () => {
    answer(403, { error: { code: 'PLAN_LIMIT', message: 'More than 3 saved searches requires a Hobby Plan subscription', feature: 'savedSearches', limit: 3 } });
    const onOpenChange = renderDialog();
    submit();
    expect((await screen.findByTestId('save-search-error')).textContent).toBe('More than 3 saved searches requires a Hobby Plan subscription');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/settings?tab=subscription');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
