import type { ExchangeRatesResponse } from '@grandline/core/contracts/prices';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exchangeRatesQueryOptions } from '@/features/prices/api/get-exchange-rates';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders } from '@/test/providers';
import { ExchangeRateNote } from './exchange-rate-note';

const rates = (source: string): ExchangeRatesResponse => ({
  base: 'USD',
  date: '2024-08-19',
  source,
  rates: { USD: 1, BRL: 5.472157, EUR: 0.907539, GBP: 0.773358, CAD: 1.368645, MXN: 18.63293, ARS: 944, CLP: 936.549977, COP: 4017.47619, JPY: 148.042596 },
  rows: [],
});

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => vi.restoreAllMocks());

describe('ExchangeRateNote', () => {
  it('writes "US$ 1 = R$ 5.47" with the date of the rates, saying when they are the bundled snapshot', async () => {
    mockApi(() => rates('snapshot'));
    renderWithProviders(<ExchangeRateNote currency="BRL" />);
    const note = await screen.findByTestId('rate-note');
    expect(note.firstChild?.textContent).toBe('US$ 1 = R$ 5.47');
    expect(note.getAttribute('title')).toBe('Bundled exchange rate of August 19, 2024 (a snapshot, not yet refreshed)');
  });

  it('names a fetched rate by its date only, and shows nothing for USD', async () => {
    mockApi(() => rates('fixed+frankfurter+open-er-api'));
    const { unmount } = renderWithProviders(<ExchangeRateNote currency="JPY" />);
    const note = await screen.findByTestId('rate-note');
    expect(note.firstChild?.textContent).toBe('US$ 1 = ¥ 148.04');
    expect(note.getAttribute('title')).toBe('Exchange rate of August 19, 2024');
    unmount();

    renderWithProviders(<ExchangeRateNote currency="USD" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('rate-note')).toBeNull();
  });

  it('reads "US$ 1 = € 0.91" in Portuguese and Spanish too: the spec writes the rate with 2 decimals after a point', async () => {
    for (const language of ['pt', 'es'] as const) {
      await initTestI18n(language);
      mockApi(() => rates('fixed+frankfurter+open-er-api'));
      const { unmount } = renderWithProviders(<ExchangeRateNote currency="EUR" />);
      expect((await screen.findByTestId('rate-note')).firstChild?.textContent, language).toBe('US$ 1 = € 0.91');
      unmount();
    }
    await initTestI18n('en');
  });

  it('refetches the rates every 8 hours with 2 retries', () => {
    const options = exchangeRatesQueryOptions();
    expect(options.refetchInterval).toBe(8 * 60 * 60_000);
    expect(options.staleTime).toBe(8 * 60 * 60_000);
    expect(options.retry).toBe(2);
  });
});
