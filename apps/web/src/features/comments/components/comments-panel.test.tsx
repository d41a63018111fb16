import type { MeResponse } from '@grandline/core/contracts/account';
import type { Comment, CommentListResponse } from '@grandline/core/contracts/comments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enComments from '@/locales/en/comments.json';
import ptComments from '@/locales/pt/comments.json';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders, type MockAnswer } from '@/test/providers';
import { CommentsPanel } from './comments-panel';

const DECK = 'deck-1';
const LIST = `/api/decks/${DECK}/comments`;

const me = { user: { id: 'u1', email: 'me@example.com', name: 'Me', avatarUrl: null, role: 'user', emailConfirmed: true }, consent: { tosAccepted: true } } as unknown as MeResponse;

const comment = (n: number, overrides: Partial<Comment> = {}): Comment => ({
  id: `c${n}`,
  text: `comment ${n}`,
  createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
  author: { username: `user${n}`, displayName: null, avatarUrl: null, countryCode: 'BR' },
  isMine: false,
  canDelete: false,
  reportedByMe: false,
  ...overrides,
});

/** The API as the panel sees it: the session, pages of comments (the second for a cursor), and what a POST answers. */
function api({ session = null as MeResponse | null, pages = [{ items: [], total: 0, nextCursor: null }] as CommentListResponse[], post = (): MockAnswer => comment(99) } = {}) {
  const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/session') return answer({ session, auth: { enabled: true, providers: [] } });
    if (url.pathname === LIST && init?.method === 'POST') {
      const body = post() as { status?: number; code?: string };
      return body.status ? answer({ error: { code: body.code, message: body.code } }, body.status) : answer(body, 201);
    }
    if (url.pathname === LIST) return answer(pages[url.searchParams.get('cursor') ? 1 : 0]);
    return answer({});
  });
}

const renderPanel = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/deck/${DECK}`]}>
      <CommentsPanel kind="deck" id={DECK} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'comments', enComments);
  i18next.addResourceBundle('pt', 'comments', ptComments);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('CommentsPanel', () => {
  it('shows the empty state and, signed out, a link to sign in instead of the form', async () => {
    api();
    renderPanel();
    expect(await screen.findByText('No comments yet — be the first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });

  it('shows hostile markup as text, line breaks kept, never as elements', async () => {
    const hostile = '<script>alert(1)</script>\n<img src=x onerror=alert(1)>';
    api({ pages: [{ items: [comment(1, { text: hostile })], total: 1, nextCursor: null }] });
    const { container } = renderPanel();
    const shown = await screen.findByTestId('comment-text-shown');
    expect(shown.textContent).toBe(hostile);
    expect(shown.className).toContain('whitespace-pre-wrap');
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: /user1/ }).getAttribute('href')).toBe('/u/user1');
  });

  it('loads older comments with "Load more"', async () => {
    const spy = api({
      pages: [
        { items: [comment(3), comment(2)], total: 3, nextCursor: 'next-page' },
        { items: [comment(1)], total: 3, nextCursor: null },
      ],
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    expect(spy.mock.calls.some(([input]) => String(input).includes('cursor=next-page'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("disables Send while the comment is empty, refuses a too long one with 'Invalid comment' before sending, and counts characters as the server does", async () => {
    const spy = api({ session: me });
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    const send = () => screen.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement;
    expect(send().disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  😀 ok  ' } });
    expect(screen.getByTestId('comment-counter').textContent).toBe('4/1,000');
    expect(send().disabled).toBe(false);
    // Only spaces: still nothing to send.
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send().disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByTestId('comment-counter').textContent).toBe('1,001/1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Invalid comment')).toBeTruthy();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("says 'Error posting comment' when posting fails, and the server's reason when it gives one", async () => {
    let answer: MockAnswer = { status: 500, code: 'INTERNAL_ERROR' };
    api({ session: me, post: () => answer });
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    fireEvent.change(box, { target: { value: 'Nice list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Error posting comment')).toBeTruthy();
    answer = { status: 429, code: 'RATE_LIMITED' };
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();
    // A success clears the box.
    answer = comment(5, { text: 'Nice list', isMine: true });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers Report on others’ comments, Delete where allowed, and shows what was reported already', async () => {
    api({
      session: me,
      pages: [{ items: [comment(1, { isMine: true, canDelete: true }), comment(2), comment(3, { reportedByMe: true })], total: 3, nextCursor: null }],
    });
    renderPanel();
    const [mine, other, reported] = await screen.findAllByTestId('comment');
    expect(within(mine!).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(mine!).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(other!).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(reported!).getByText('Reported')).toBeTruthy();
    // jsdom has no CSS.escape (the dialog's focus return uses it).
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    fireEvent.click(within(mine!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete this comment?' })).toBeTruthy();
  });

  it('speaks Portuguese', async () => {
    await i18next.changeLanguage('pt');
    api();
    renderPanel();
    expect(await screen.findByText('Nenhum comentário ainda — seja o primeiro')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entre para comentar' })).toBeTruthy();
  });
});
