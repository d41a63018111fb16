import type { Notification, TradeNoticeData } from '@grandline/core/contracts/watches';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { notificationPath, toastTitleKey } from './community-notification';
import { NotificationText } from './notification-bell';

const notice = (data: Partial<TradeNoticeData>): Notification => ({
  id: 7,
  createdAt: '2026-11-28T10:00:00.000Z',
  readAt: null,
  kind: 'trade',
  data: { tradeId: 't 1', event: 'proposed', from: { username: 'ana', displayName: 'Ana' }, give: 2, get: 3, ...data },
});
const text = (n: Notification) => {
  const { unmount } = renderWithProviders(<NotificationText notification={n} />);
  const said = screen.getByTestId('notification-trade').textContent;
  unmount();
  return said;
};

describe('a trade notice (issue 44), as the bell and the live toast say it', () => {
  it('names who took which step, and opens the trade', async () => {
    await initTestI18n('en');
    expect(text(notice({}))).toBe('Ana (@ana) proposed a trade to you');
    expect(text(notice({ event: 'completed', from: { username: 'ana', displayName: null } }))).toBe('Your trade with @ana is completed: the cards moved to your binders');
    expect(notificationPath(notice({}))).toBe('/trades/t%201');
    expect(toastTitleKey(notice({}))).toBe('notifications.trade.toastTitle');
  });

  it('says it in Portuguese and Spanish', async () => {
    await initTestI18n('pt');
    expect(text(notice({ event: 'accepted' }))).toBe('Ana (@ana) aceitou sua proposta de troca');
    await initTestI18n('es');
    expect(text(notice({ event: 'declined' }))).toBe('Ana (@ana) rechazó tu propuesta de intercambio');
  });
});
