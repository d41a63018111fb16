import type { TradeMatch } from '@grandline/core/contracts/trades';
import { formatCents } from '@grandline/core/money/money';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/trades.json';
import pt from '@/locales/pt/trades.json';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders, type MockAnswer } from '@/test/providers';
import { ProposalEditor } from './proposal-editor';

const match: TradeMatch = {
  user: { username: 'luffy', displayName: 'Luffy', avatarUrl: null, country: 'BR' },
  theyHave: [{ cardId: 1, cardNumber: 'OP01-001', name: 'Zoro', variant: null, quantity: 2, value: 800 }],
  youHave: [{ cardId: 3, cardNumber: 'OP02-013', name: 'Ace', variant: null, quantity: 1, value: 500 }],
  twoSided: true,
  valueTheyHave: 800,
  valueYouHave: 500,
  following: false,
};

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'trades', en);
  i18next.addResourceBundle('pt', 'trades', pt);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await initTestI18n('en');
});

const renderEditor = () => renderWithProviders(
    <MemoryRouter>
      <ProposalEditor start={{ user: match.user, match }} currency="USD" onClose={() => undefined} />
    </MemoryRouter>,
    { currency: 'USD' },
  );
const values = () => screen.getByTestId('proposal-values').textContent;

describe('the proposal editor (issue 44)', () => {
  it("starts from the match with both sides, and shows their values and the difference as quantities change", () => {
    renderEditor();
    expect(values()).toContain(formatCents(500, 'USD'));
    expect(values()).toContain(formatCents(800, 'USD'));
    expect(values()).toContain(en.editor.inYourFavour.replace('{{amount}}', formatCents(300, 'USD')));
    // One Zoro of two: half its value; more than available is kept at what is available.
    const zoro = screen.getByRole('spinbutton', { name: /Zoro/ });
    fireEvent.change(zoro, { target: { value: '1' } });
    expect(values()).toContain(en.editor.inTheirFavour.replace('{{amount}}', formatCents(100, 'USD')));
    fireEvent.change(zoro, { target: { value: '9' } });
    expect((zoro as HTMLInputElement).value).toBe('2');
  });

  it('sends the picked lines and the note, and says a refusal in the user\'s language', async () => {
    let answer: MockAnswer = { status: 400, code: 'TRADE_LINE_REPEATED' };
    const spy = mockApi(() => answer);
    await initTestI18n('pt');
    renderEditor();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Zoro/ }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' Sábado? ' } });
    fireEvent.click(screen.getByTestId('send-proposal'));
    await screen.findByText(pt.errors.TRADE_LINE_REPEATED);
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toContain('/api/trades');
    expect(JSON.parse(String(init?.body))).toEqual({ to: 'luffy', give: [{ cardId: 3, quantity: 1 }], get: [{ cardId: 1, quantity: 1 }], note: 'Sábado?' });

    // A user who is not open to trades is a 404, never told apart from one who does not exist.
    answer = { status: 404, code: 'TRADER_NOT_FOUND' };
    fireEvent.click(screen.getByTestId('send-proposal'));
    await waitFor(() => expect(screen.queryByText(pt.errors.TRADER_NOT_FOUND)).not.toBeNull());
  });
});
