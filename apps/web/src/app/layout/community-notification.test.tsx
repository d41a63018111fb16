import type { Notification } from '@grandline/core/contracts/watches';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { notificationPath, toastTitleKey } from './community-notification';
import { NotificationText } from './notification-bell';

const base = { createdAt: '2026-11-28T10:00:00.000Z', readAt: null };
const followed: Notification = { ...base, id: 1, kind: 'followed', data: { username: 'nami_nav', displayName: null } };
const commented = (itemKind: 'deck' | 'binder'): Notification => ({
  ...base,
  id: 2,
  kind: 'commented',
  data: { username: 'zoro', displayName: 'Roronoa Zoro', commentId: 'c1', itemKind, itemId: 'a b', itemName: 'Red Luffy', excerpt: 'Nice list…' },
});
const alert: Notification = {
  ...base,
  id: 3,
  kind: 'watch_triggered',
  data: { watchId: 'w1', cardId: 7, cardNumber: 'OP01-016', cardName: 'Nami', variant: null, market: 'us', direction: 'below', threshold: 1.5, currency: 'USD', price: 149, demo: false },
};

describe('a follow or a comment, as the bell and the live toast say it', () => {
  beforeAll(async () => {
    await initTestI18n('en');
  });

  it('names who followed (their @name without a display name)', () => {
    renderWithProviders(<NotificationText notification={followed} />);
    expect(screen.getByTestId('notification-followed').textContent).toBe('@nami_nav followed you');
  });

  it("names who commented on which deck or binder, and repeats the comment's first words", () => {
    const { unmount } = renderWithProviders(<NotificationText notification={commented('deck')} />);
    expect(screen.getByTestId('notification-commented').textContent).toBe('Roronoa Zoro commented on your deck “Red Luffy”Nice list…');
    expect(screen.getByTestId('notification-excerpt').textContent).toBe('Nice list…');
    unmount();
    renderWithProviders(<NotificationText notification={commented('binder')} />);
    expect(screen.getByTestId('notification-commented').textContent).toContain('commented on your binder “Red Luffy”');
  });

  it('opens the follower’s profile, the deck or binder, or the watchlist, with its own toast title', () => {
    expect(notificationPath(followed)).toBe('/u/nami_nav');
    expect(notificationPath(commented('deck'))).toBe('/deck/a%20b');
    expect(notificationPath(commented('binder'))).toBe('/collection/a%20b');
    expect(notificationPath(alert)).toBe('/watchlist');
    expect([followed, commented('deck'), alert].map(toastTitleKey)).toEqual(['notifications.community.toastFollowed', 'notifications.community.toastCommented', 'notifications.toastTitle']);
  });
});

const searchMatch = (total: number): Notification => ({
  ...base,
  id: 4,
  kind: 'search_match',
  data: { searchId: 's1', searchName: 'Red rush', q: 'c:red o:[Rush]', cards: [{ cardId: 9, cardNumber: 'OP12-001', name: 'Luffy', variant: null }, { cardId: 10, cardNumber: 'OP12-002', name: 'Nami', variant: 'p1' }].slice(0, total), total },
});

describe("a saved search's new cards (issue 42)", () => {
  beforeAll(async () => {
    await initTestI18n('en');
  });

  it('names the search and its new cards, and opens the library with its query', () => {
    const { unmount } = renderWithProviders(<NotificationText notification={searchMatch(1)} />);
    expect(screen.getByTestId('notification-search-match').textContent).toBe('A new card matches your saved search “Red rush”: Luffy (OP12-001)');
    unmount();
    renderWithProviders(<NotificationText notification={searchMatch(5)} />);
    expect(screen.getByTestId('notification-search-match').textContent).toBe('5 new cards match your saved search “Red rush”: Luffy (OP12-001), Nami (OP12-002, p1), …');
    expect(notificationPath(searchMatch(1))).toBe('/cards?q=c%3Ared%20o%3A%5BRush%5D');
    expect(toastTitleKey(searchMatch(1))).toBe('notifications.search.toastTitle');
  });
});

describe('in Portuguese', () => {
  it('says them in the interface language', async () => {
    await initTestI18n('pt');
    const { unmount } = renderWithProviders(<NotificationText notification={followed} />);
    expect(screen.getByTestId('notification-followed').textContent).toBe('@nami_nav começou a seguir você');
    unmount();
    renderWithProviders(<NotificationText notification={commented('binder')} />);
    expect(screen.getByTestId('notification-commented').textContent).toContain('Roronoa Zoro comentou no seu fichário “Red Luffy”');
  });
});
