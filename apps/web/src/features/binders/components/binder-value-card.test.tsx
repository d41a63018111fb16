import type { CollectionValue } from '@grandline/core/contracts/prices';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/test/i18n';
import { BinderValueCard } from './binder-value-card';

const ID = '11111111-2222-4333-8444-555555555555';

const value = (overrides: Partial<CollectionValue> = {}): CollectionValue => ({
  market: 'us',
  priceType: 'min',
  currency: 'USD',
  total: 7655,
  pricedCopies: 33,
  unpricedCopies: 0,
  demo: false,
  estimate: false,
  stale: false,
  costBasis: 9960,
  costBasisValue: 6511,
  gain: -3449,
  gainRatio: -0.346285,
  mostValuable: [],
  movers: [],
  ...overrides,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderCard(owner = true) {
  const client = createQueryClient();
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </PreferencesProvider>
    </QueryClientProvider>
  );
  return render(wrap(<BinderValueCard binderId={ID} owner={owner} />));
}

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('BinderValueCard', () => {
  it('asks for the value in the collection price settings and shows the total, a loss in red and the demo notice', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(value({ demo: true })));
    renderCard();
    const total = await screen.findByTestId('value-total');
    expect(total.textContent).toContain('$76.55');
    expect(total.textContent).toContain('33 of 33 copies priced');
    expect(total.textContent).toContain('TCGplayer · Minimum');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/binders/${ID}/value?market=us&priceType=min&currency=USD`);

    const gain = screen.getByTestId('value-gain');
    expect(within(gain).getByTestId('value-gain-amount').textContent).toBe('\u2212$34.49');
    expect(within(gain).getByTestId('value-gain-percent').textContent).toBe('\u221234.6%');
    expect(gain.querySelector('[data-tone]')!.className).toContain('text-danger');
    expect(gain.textContent).toContain('Paid $99.60 · worth $65.11 now');
    expect(screen.getByTestId('value-demo').textContent).toBe('Demo prices — not market data');
    expect(screen.queryByTestId('value-stale')).toBeNull();
    expect(screen.queryByTestId('value-estimate')).toBeNull();
    expect(screen.getByTestId('value-currency').textContent).toContain('Currency: US dollar (USD).');
  });

  it('shows a gain in green with a plus sign, and the estimate and stale notices', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(value({ total: 5000, costBasis: 4000, costBasisValue: 5000, gain: 1000, gainRatio: 0.25, estimate: true, stale: true })));
    renderCard();
    const amount = await screen.findByTestId('value-gain-amount');
    expect(amount.textContent).toBe('+$10.00');
    expect(screen.getByTestId('value-gain-percent').textContent).toBe('+25%');
    expect(amount.parentElement!.className).toContain('text-success');
    expect(screen.getByTestId('value-stale').textContent).toBe('Some prices are older than 3 days');
    expect(screen.getByTestId('value-estimate')).toBeTruthy();
    expect(screen.queryByTestId('value-demo')).toBeNull();
  });

  it('shows "—" for a total without any price and for a gain without a purchase price', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(value({ total: 0, pricedCopies: 0, unpricedCopies: 3, costBasis: 0, costBasisValue: 0, gain: null, gainRatio: null })));
    renderCard();
    const total = await screen.findByTestId('value-total');
    expect(total.querySelector('dd > span')!.textContent).toBe('—');
    expect(screen.getByTestId('value-copies').textContent).toBe('0 of 3 copies priced · 3 without a price');
    const gain = screen.getByTestId('value-gain');
    expect(gain.querySelector('dd > span')!.textContent).toBe('—');
    expect(gain.textContent).toContain("Record what you paid in a card's details");
  });

  it('keeps the cost basis and gain to the owner', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(value()));
    renderCard(false);
    await screen.findByTestId('value-total');
    expect(screen.queryByTestId('value-gain')).toBeNull();
  });

  it('says when the value could not be loaded and tries again', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ error: { code: 'BINDER_NOT_FOUND', message: 'Not found' } }, 404))
      .mockResolvedValueOnce(json(value()));
    renderCard();
    const error = await screen.findByTestId('value-error');
    expect(error.textContent).toContain('Could not load the market value');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('value-total')).textContent).toContain('$76.55');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uses the remembered marketplace, price type and currency', async () => {
    localStorage.setItem('collectionMarketplace', 'market5');
    localStorage.setItem('collectionPriceType', 'avg');
    localStorage.setItem('selectedCurrency', 'EUR');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(value({ market: 'market5', priceType: 'avg', currency: 'EUR' })));
    renderCard();
    expect((await screen.findByTestId('value-total')).textContent).toContain('Cardmarket · Average');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('market=market5&priceType=avg');
  });
});
