import type { PriceSummary } from '@grandline/core/contracts/prices';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { RowPrice, type RowPrices } from './row-price';

const summary = (overrides: Partial<PriceSummary> = {}): PriceSummary => ({ min: 125, avg: 150, max: null, date: '2026-11-23', demo: true, estimate: false, stale: false, ...overrides });
const prices = (overrides: Partial<RowPrices> = {}): RowPrices => ({
  byId: { '7': summary(), '8': summary({ stale: true }) },
  loading: false,
  currency: 'USD',
  priceType: 'min',
  ...overrides,
});

beforeAll(async () => {
  await initTestI18n('en');
});

describe('RowPrice', () => {
  it('shows the row total and the unit price', () => {
    render(<RowPrice prices={prices()} cardId={7} quantity={3} layout="cell" />);
    expect(screen.getByTestId('row-price').textContent).toBe('$3.75$1.25 each');
    expect(screen.queryByTestId('row-price-stale')).toBeNull();
  });

  it('leaves out "each" for a single copy', () => {
    render(<RowPrice prices={prices()} cardId={7} quantity={1} layout="inline" />);
    expect(screen.getByTestId('row-price').textContent).toBe('$1.25');
  });

  it('shows "—" for a print without a price, or without the chosen figure', () => {
    const { unmount } = render(<RowPrice prices={prices()} cardId={99} quantity={2} layout="cell" />);
    expect(screen.getByTestId('row-price').textContent).toBe('—No price in this marketplace');
    unmount();
    render(<RowPrice prices={prices({ priceType: 'max' })} cardId={7} quantity={2} layout="cell" />);
    expect(screen.getByTestId('row-price').textContent?.startsWith('—')).toBe(true);
  });

  it('says when the prices could not be loaded', () => {
    render(<RowPrice prices={prices({ byId: undefined, failed: true })} cardId={7} quantity={2} layout="cell" />);
    expect(screen.getByTestId('row-price').getAttribute('title')).toBe('Prices could not be loaded');
  });

  it('marks a price older than 3 days', () => {
    render(<RowPrice prices={prices()} cardId={8} quantity={2} layout="cell" />);
    expect(screen.getByTestId('row-price-stale').getAttribute('title')).toBe('Price older than 3 days');
  });

  it('shows a placeholder while the prices load', () => {
    const { container } = render(<RowPrice prices={prices({ byId: undefined, loading: true })} cardId={7} quantity={2} layout="cell" />);
    expect(screen.queryByTestId('row-price')).toBeNull();
    expect(container.querySelector('.animate-pulse')).toBeTruthy();
  });
});
