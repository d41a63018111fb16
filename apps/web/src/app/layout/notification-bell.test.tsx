import type { Notification } from '@grandline/core/contracts/watches';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { NotificationText } from './notification-bell';

type Fired = Extract<Notification, { kind: 'watch_triggered' }>;

const fired = (demo: boolean): Fired => ({
  id: 41,
  kind: 'watch_triggered',
  createdAt: '2026-11-28T10:00:00.000Z',
  readAt: null,
  data: { watchId: 'w1', cardId: 7, cardNumber: 'OP01-016', cardName: 'Nami', variant: null, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD', price: 149, demo },
});

beforeAll(async () => {
  await initTestI18n('en');
});

describe('a fired alert, as the bell and the live toast say it', () => {
  it('labels an alert a demonstration price fired, and only that one', () => {
    const { unmount } = renderWithProviders(<NotificationText notification={fired(true)} />);
    expect(screen.getByTestId('notification-demo').textContent).toBe('DemoA demo price fired this alert — not market data');
    expect(document.body.textContent).toContain('Nami (OP01-016)');
    unmount();
    renderWithProviders(<NotificationText notification={fired(false)} />);
    expect(screen.queryByTestId('notification-demo')).toBeNull();
  });

  it("writes the amounts in the currency's own locale, not the interface language's: EUR 5,33 € in English", () => {
    const eur = fired(false);
    renderWithProviders(<NotificationText notification={{ ...eur, data: { ...eur.data, market: 'market5', currency: 'EUR', price: 533, threshold: 6 } }} />);
    expect(document.body.textContent?.replace(/\s/g, ' ')).toContain('Nami (OP01-016) is now 5,33 € on Cardmarket, at or below your 6,00 € alert');
  });
});
