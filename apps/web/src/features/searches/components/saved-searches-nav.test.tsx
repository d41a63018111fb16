import type { SavedSearch } from '@grandline/core/contracts/searches';
import { STORAGE_KEYS } from '@grandline/core/locales';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders } from '@/test/providers';
import { SavedSearchesEntry } from './saved-searches-nav';

const search = (id: string, name: string, q: string): SavedSearch => ({ id, name, q, createdAt: '2026-11-29T00:00:00Z' });

/** The user's saved searches as the server holds them: GET lists them, DELETE removes one. */
function serverWith(items: SavedSearch[], { pending = false } = {}) {
  let held = [...items];
  return mockApi((url) => {
    if (pending) return new Promise(() => {});
    const id = /^\/api\/searches\/(.+)$/.exec(url.pathname)?.[1];
    if (id) {
      held = held.filter((s) => s.id !== id);
      return {};
    }
    return { items: held };
  });
}

/** Stores the list's state during the first drawing, before the entry reads it (renderWithProviders empties storage first). */
function Stored({ value }: { value: string }) {
  useState(() => localStorage.setItem(STORAGE_KEYS.savedSearches, value));
  return null;
}

/** The library entry on the library page showing "c:red", the list's state stored as `stored` ("open:2"). */
const renderEntry = (stored?: string, ready = true) =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/cards?q=c%3Ared']}>
      {stored !== undefined && <Stored value={stored} />}
      <SavedSearchesEntry link={<a href="/cards">Card library</a>} ready={ready} />
    </MemoryRouter>,
  );

const toggle = () => screen.getByRole('button', { name: 'Saved searches' });

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => vi.restoreAllMocks());

describe('the sidebar’s saved searches', () => {
  it('is closed at first and asks for nothing; opened, lists each search as a link to the library with its query', async () => {
    const api = serverWith([search('s2', 'Red rush', 'c:red o:[Rush]'), search('s1', 'Reds', 'c:red')]);
    renderEntry();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('saved-searches')).toBeNull();
    expect(api).not.toHaveBeenCalled();

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const links = await screen.findAllByTestId('saved-search-link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Red rush', '/cards?q=c%3Ared%20o%3A%5BRush%5D'],
      ['Reds', '/cards?q=c%3Ared'],
    ]);
    // The page shows "c:red": that one is current.
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(toggle().getAttribute('aria-controls')).toBe(screen.getByTestId('saved-searches').id);
    // Remembered open, with its height: the next page draws two rows while it loads.
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.savedSearches)).toBe('open:2'));

    fireEvent.click(toggle());
    expect(screen.queryByTestId('saved-searches')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.savedSearches)).toBe('closed:2');
  });

  it('deletes a search only once the user confirms, and lists what is left', async () => {
    const api = serverWith([search('s2', 'Red rush', 'c:red o:[Rush]'), search('s1', 'Reds', 'c:red')]);
    renderEntry('open:2');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete saved search “Red rush”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    expect(dialog.textContent).toContain('“Red rush” will no longer be listed here');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete saved search “Red rush”' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-search-link').map((l) => l.textContent)).toEqual(['Reds']));
    const deleted = api.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(String(deleted[0])).toBe('/api/searches/s2');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.savedSearches)).toBe('open:1'));
  });

  it('without saved searches says how to save one', async () => {
    serverWith([]);
    renderEntry('open:0');
    expect((await screen.findByTestId('saved-searches-empty')).textContent).toBe('No saved searches yet. Search the library and choose Save search.');
    expect(screen.queryAllByTestId('saved-search')).toHaveLength(0);
  });

  it('while loading holds the place of the rows it last showed', () => {
    serverWith([], { pending: true });
    renderEntry('open:3');
    const list = screen.getByTestId('saved-searches');
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.queryByTestId('saved-searches-empty')).toBeNull();
  });

  it('while the session loads draws the open list’s placeholders and asks for nothing', () => {
    const api = serverWith([search('s1', 'Reds', 'c:red')]);
    renderEntry('open:2', false);
    expect(screen.getByTestId('saved-searches').querySelectorAll('li')).toHaveLength(2);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(api).not.toHaveBeenCalled();
  });
});
