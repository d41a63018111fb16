import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enComments from '@/locales/en/comments.json';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { CommentsSection } from './comments-section';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** An IntersectionObserver the test drives: `reveal()` says the section came near the screen. */
function stubObserver() {
  let callback: IntersectionObserverCallback | null = null;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe() {}
      disconnect() {}
    },
  );
  return { reveal: () => callback?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver) };
}

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'comments', enComments);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CommentsSection', () => {
  it('is a placeholder in the server’s drawing: no panel, no request', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const html = renderToString(<CommentsSection kind="binder" id="b1" />);
    expect(html).toContain('data-testid="comments-section"');
    expect(html).not.toContain('data-testid="comments"');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the panel and the comments only once the section comes near the screen', async () => {
    const observer = stubObserver();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).startsWith('/api/session') ? json({ session: null, auth: { enabled: true, providers: [] } }) : json({ items: [], total: 0, nextCursor: null }),
    );
    renderWithProviders(
      <MemoryRouter>
        <CommentsSection kind="binder" id="b1" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('comments-section')).toBeTruthy();
    expect(screen.queryByTestId('comments')).toBeNull();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/comments'))).toBe(false);
    act(() => observer.reveal());
    expect(await screen.findByText('No comments yet — be the first')).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).startsWith('/api/binders/b1/comments'))).toBe(true);
  });
});
