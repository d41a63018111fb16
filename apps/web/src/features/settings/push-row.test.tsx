import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders } from '@/test/providers';
import { PushRow } from './push-row';

/** A browser with a service worker whose push manager subscribes like Chromium's (a stand-in push service). */
function fakeBrowser({ permission = 'granted' as NotificationPermission, subscribed = false } = {}) {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      expect(options.userVisibleOnly).toBe(true);
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission: vi.fn(async () => permission) }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  return { subscription, pushManager };
}

const KEY = 'BPk5fzT1JdU8T4MUGUtc1r6Qbqyzqk7D6H7WWMNtVJ5qS3m7l0ZkkJxSyr1YJp7m2bWx6g7lCwzSx6aJ3m3N3lE';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushRow (Settings → Preferences)', () => {
  it('asks permission, subscribes with the server key and gives the server the subscription', async () => {
    const browser = fakeBrowser();
    const api = mockApi((url) => (url.pathname === '/api/push/config' ? { enabled: true, publicKey: KEY } : {}));
    renderWithProviders(<PushRow />);
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const key = browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/push/subscriptions');
    expect(JSON.parse(String(put[1]!.body))).toEqual(browser.subscription.toJSON());
    expect(screen.getByRole('button', { name: 'Send a test' })).toBeTruthy();
  });

  it('turns off: unsubscribes the device and tells the server', async () => {
    const browser = fakeBrowser({ subscribed: true });
    const api = mockApi((url) => (url.pathname === '/api/push/config' ? { enabled: true, publicKey: KEY } : {}));
    renderWithProviders(<PushRow />);
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    const del = api.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(JSON.parse(String(del[1]!.body))).toEqual({ endpoint: browser.subscription.endpoint });
  });

  it('explains why it cannot be turned on: blocked, not set up on the server, or an unsupported browser', async () => {
    fakeBrowser({ permission: 'denied' });
    mockApi(() => ({ enabled: true, publicKey: KEY }));
    const { unmount } = renderWithProviders(<PushRow />);
    expect(await screen.findByText('Notifications are blocked for this site: allow them in your browser’s site settings.')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    unmount();
    vi.restoreAllMocks();

    fakeBrowser();
    mockApi(() => ({ enabled: false, publicKey: null }));
    const second = renderWithProviders(<PushRow />);
    expect(await screen.findByText('Notifications are not set up on this server.')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    second.unmount();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');

    mockApi(() => ({ enabled: true, publicKey: KEY }));
    renderWithProviders(<PushRow />);
    expect(await screen.findByText('This browser cannot receive notifications.')).toBeTruthy();
  });
});
