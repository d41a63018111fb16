import type { PriceHistoryResponse } from '@grandline/core/contracts/prices';
import { formatCents } from '@grandline/core/money/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceKeys } from '@/features/prices/api/price-keys';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders, requestedUrls } from '@/test/providers';
import { PriceHistoryChart } from './price-history-chart';

const history = (url: URL): PriceHistoryResponse => ({
  cardId: 7,
  market: url.searchParams.get('market') as PriceHistoryResponse['market'],
  currency: url.searchParams.get('currency') as PriceHistoryResponse['currency'],
  points: [
    { date: '2026-11-22', min: 800, avg: 1000, max: 2900, demo: true },
    { date: '2026-11-23', min: 858, avg: 1019, max: null, demo: true },
  ],
});

beforeAll(async () => {
  await initTestI18n('en');
  // recharts measures its container and the chart asks about reduced motion: jsdom has neither ResizeObserver nor matchMedia.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(() => vi.restoreAllMocks());

describe('PriceHistoryChart', () => {
  it("starts on the user's marketplace and 30 days; another range asks again under its own key", async () => {
    const fetch = mockApi(history);
    const { queryClient } = renderWithProviders(<PriceHistoryChart cardId={7} markets={['us', 'br', 'market3']} />, { currency: 'BRL', marketplace: 'market3' });

    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(requestedUrls(fetch)).toEqual(['/api/cards/7/prices/history?market=market3&days=30&currency=BRL']);
    const ranges = within(screen.getByRole('group', { name: 'Period' }));
    expect(ranges.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('true');
    expect(ranges.getByRole('button', { name: '90D' }).getAttribute('aria-pressed')).toBe('false');
    expect(ranges.getByRole('button', { name: '90D' }).getAttribute('title')).toBe('Last 90 days');

    fireEvent.click(ranges.getByRole('button', { name: '90D' }));
    await waitFor(() => expect(requestedUrls(fetch)).toContain('/api/cards/7/prices/history?market=market3&days=90&currency=BRL'));
    expect(ranges.getByRole('button', { name: '90D' }).getAttribute('aria-pressed')).toBe('true');
    expect(ranges.getByRole('button', { name: '30D' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(queryClient.getQueryData(priceKeys.history(7, 'market3', '90', 'BRL'))).toBeDefined());
    expect(queryClient.getQueryData(priceKeys.history(7, 'market3', '30', 'BRL'))).toBeDefined();

    fireEvent.click(ranges.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(requestedUrls(fetch)).toContain('/api/cards/7/prices/history?market=market3&days=all&currency=BRL'));
    // Back to a range already loaded: no new request.
    const asked = fetch.mock.calls.length;
    fireEvent.click(ranges.getByRole('button', { name: '90D' }));
    expect(fetch.mock.calls.length).toBe(asked);
  });

  it('marks demo points and speaks the latest day', async () => {
    mockApi(history);
    renderWithProviders(<PriceHistoryChart cardId={7} markets={['us', 'br']} />, { currency: 'BRL', marketplace: 'market5' });

    expect((await screen.findByTestId('chart-demo')).textContent).toContain('Demo');
    expect(screen.getByTestId('chart-summary').textContent).toBe(
      `Latest price (TCGplayer, November 23, 2026): minimum ${formatCents(858, 'BRL')}, average ${formatCents(1019, 'BRL')}, maximum —.`,
    );
  });

  it('shows the chart error with a retry, and the empty state when there are no points', async () => {
    let calls = 0;
    mockApi((url) => (++calls === 1 ? { status: 500, code: 'INTERNAL_ERROR' } : { ...history(url), points: [] }));
    renderWithProviders(<PriceHistoryChart cardId={7} markets={['us']} />);

    const failed = await screen.findByTestId('chart-error');
    expect(failed.textContent).toContain('Failed to load price history');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('chart-empty')).textContent).toContain('No price history for this marketplace yet');
    expect(calls).toBe(2);
  });
});
