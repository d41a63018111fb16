import type { CardPricesResponse, MarketPrice } from '@grandline/core/contracts/prices';
import { formatCents } from '@grandline/core/money/money';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders, requestedUrls } from '@/test/providers';
import { CardPricesPanel } from './card-prices-panel';

const card = { id: 7, name: 'Roronoa Zoro' };
const price = (over: Partial<MarketPrice>): MarketPrice => ({
  market: 'us',
  source: 'tcgcsv',
  demo: false,
  estimate: false,
  date: new Date().toISOString().slice(0, 10),
  stale: false,
  sourceCurrency: 'USD',
  sourceMin: 112,
  sourceAvg: 133,
  sourceMax: null,
  min: 613,
  avg: 728,
  max: null,
  url: 'https://tcgplayer.example/product/1',
  ...over,
});
const answer = (markets: MarketPrice[], currency: CardPricesResponse['currency'] = 'BRL'): CardPricesResponse => ({ cardId: card.id, currency, markets });

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => vi.restoreAllMocks());

describe('CardPricesPanel', () => {
  it('asks in the chosen currency and shows each market converted, with "—" for a missing figure', async () => {
    const fetch = mockApi(() =>
      answer([
        price({}),
        price({ market: 'market5', source: 'cardmarket', sourceCurrency: 'EUR', sourceMin: 88, sourceAvg: 105, sourceMax: 302, min: 531, avg: 633, max: 1821, url: null, trend: 610 }),
      ]),
    );
    renderWithProviders(<CardPricesPanel card={card} />, { currency: 'BRL', marketplace: 'market5' });

    const us = await screen.findByTestId('price-row-us');
    expect(requestedUrls(fetch)).toEqual(['/api/cards/7/prices?currency=BRL']);
    expect(within(us).getByTestId('price-min').textContent).toContain(formatCents(613, 'BRL'));
    expect(within(us).getByTestId('price-avg').textContent).toContain(formatCents(728, 'BRL'));
    expect(within(us).getByTestId('price-max').textContent).toContain('—');
    // The market's own figure, in its own currency, on hover.
    expect(within(us).getByTestId('price-min').getAttribute('title')).toBe(`Original price (TCGplayer): ${formatCents(112, 'USD')}`);
    expect(within(us).getByTestId('price-max').getAttribute('title')).toBeNull();

    const link = within(us).getByTestId('market-link');
    expect(link.getAttribute('href')).toBe('https://tcgplayer.example/product/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    const cardmarket = screen.getByTestId('price-row-market5');
    expect(within(cardmarket).queryByTestId('market-link')).toBeNull();
    expect(cardmarket.textContent).toContain(`Trend ${formatCents(610, 'BRL')}`);
    // The user's marketplace is highlighted and says so; the others are not.
    expect(cardmarket.getAttribute('aria-current')).toBe('true');
    expect(within(cardmarket).getByTestId('your-marketplace').textContent).toBe('Your marketplace');
    expect(us.getAttribute('aria-current')).toBeNull();

    expect(screen.queryByTestId('demo-notice')).toBeNull();
    expect(screen.queryByTestId('estimate-badge')).toBeNull();
    expect(screen.queryByTestId('stale-badge')).toBeNull();
    expect(screen.getByText('Current prices of Roronoa Zoro by marketplace, in BRL')).toBeTruthy();
  });

  it('labels demo prices, the BR estimate (with its explanation) and stale prices', async () => {
    mockApi(() =>
      answer([
        price({ demo: true, source: 'demo', url: null }),
        price({ market: 'br', demo: true, source: 'demo', estimate: true, min: 858, avg: 1019, max: 2934, url: null }),
        price({ market: 'market3', demo: true, source: 'demo', stale: true, date: '2026-01-05', sourceCurrency: 'EUR', url: null }),
      ]),
    );
    renderWithProviders(<CardPricesPanel card={card} />, { currency: 'BRL' });

    expect((await screen.findByTestId('demo-notice')).textContent).toContain('Demo prices — not market data');
    const br = screen.getByTestId('price-row-br');
    const estimate = within(br).getByTestId('estimate-badge');
    expect(estimate.textContent).toContain('Estimate');
    expect(estimate.textContent).toContain('the US price × the USD→BRL rate × an import factor');
    // The estimate's source figure is the US market's.
    expect(within(br).getByTestId('price-min').getAttribute('title')).toBe(`Original price (TCGplayer): ${formatCents(112, 'USD')}`);

    const stale = within(screen.getByTestId('price-row-market3')).getAllByTestId('stale-badge');
    expect(stale[0]!.textContent).toBe('Stale');
    expect(stale[0]!.getAttribute('title')).toBe('This price is more than 3 days old.');
    const day = within(screen.getByTestId('price-row-market3')).getAllByText('Jan 5, 2026')[0]!;
    expect(day.getAttribute('title')).toBe('Updated on January 5, 2026');
    expect(within(screen.getByTestId('price-row-us')).getAllByText('today').length).toBeGreaterThan(0);
  });

  it('shows the failure with a retry that loads the prices', async () => {
    let calls = 0;
    mockApi(() => (++calls === 1 ? { status: 500, code: 'INTERNAL_ERROR' } : answer([price({})])));
    renderWithProviders(<CardPricesPanel card={card} />, { currency: 'BRL' });

    const failed = await screen.findByTestId('prices-error');
    expect(failed.textContent).toContain('Could not load the prices');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('price-row-us')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('shows a loading skeleton, then the empty state when no market has a price', async () => {
    let release: (value: CardPricesResponse) => void = () => undefined;
    mockApi(() => new Promise<CardPricesResponse>((resolve) => (release = resolve)));
    renderWithProviders(<CardPricesPanel card={card} />);

    expect(screen.getByTestId('prices-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading prices…');
    release(answer([], 'USD'));
    expect((await screen.findByTestId('prices-empty')).textContent).toContain('No prices for this card yet');
  });
});
