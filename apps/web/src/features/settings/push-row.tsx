import type { PushSubscriptionRequest } from '@grandline/core/contracts/push';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '@/components/ui/switch';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { pushApi } from './api/push-api';
import { SettingRow } from './components/setting-row';


/** How long to wait for the service worker (it is there in the built app; never in development). */
const WORKER_WAIT_MS = 5000;

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, or null when none becomes ready in time. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), WORKER_WAIT_MS))]);
}

/** The server's VAPID key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const asRequest = (subscription: PushSubscription) => subscription.toJSON() as PushSubscriptionRequest;

type State = 'checking' | 'unsupported' | 'off' | 'on';

/**
 * Settings → Preferences, signed in: price alerts, family invitations, follows and comments as notifications on this device (Web Push).
 * Turning it on asks the browser's permission, subscribes with the browser's push service and gives the server the
 * subscription; off unsubscribes. A subscription already on the device is given again to the server (it then
 * notifies whoever is signed in here).
 */
export function PushRow() {
  const { t } = useTranslation();
  const id = useId();
  const config = useQuery({ queryKey: ['push', 'config'], queryFn: () => pushApi.config(), staleTime: 5 * 60_000 });
  const [state, setState] = useState<State>(() => (supported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported() ? Notification.permission : 'default'));

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (!live) return;
      setState(subscription ? 'on' : 'off');
      if (subscription) await pushApi.subscribe(asRequest(subscription)).catch(() => undefined);
    })().catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async (publicKey: string) => {
    const granted = await Notification.requestPermission();
    setPermission(granted);
    if (granted !== 'granted') return;
    const registration = await workerRegistration();
    if (!registration) throw new Error('no service worker');
    const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    try {
      await pushApi.subscribe(asRequest(subscription));
    } catch (err) {
      await subscription.unsubscribe().catch(() => undefined);
      throw err;
    }
    setState('on');
    notify.success(t('settings.pushOn'));
  };

  const turnOff = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await pushApi.unsubscribe(subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe();
    }
    setState('off');
    notify.success(t('settings.pushOff'));
  };

  const change = async (next: boolean) => {
    const publicKey = config.data?.publicKey;
    if (!publicKey) return;
    setBusy(true);
    try {
      if (next) await turnOn(publicKey);
      else await turnOff();
    } catch (err) {
      notify.error(errorText(err, 'common:settings.pushFailed'));
    } finally {
      setBusy(false);
    }
  };

  const sendTest = async () => {
    setBusy(true);
    try {
      const { sent } = await pushApi.test();
      if (sent > 0) notify.success(t('settings.pushTestSent', { count: sent }));
      else notify.warning(t('settings.pushTestNone'));
    } catch (err) {
      notify.failure(err, errorText(err, 'common:settings.pushFailed'));
    } finally {
      setBusy(false);
    }
  };

  const enabled = config.data?.enabled === true;
  const reason =
    state === 'unsupported'
      ? t('settings.pushUnsupported')
      : config.isSuccess && !enabled
        ? t('settings.pushNotConfigured')
        : permission === 'denied'
          ? t('settings.pushBlocked')
          : null;
  const usable = !reason && enabled && state !== 'checking';

  return (
    <SettingRow label={t('settings.push')} hint={reason ?? t('settings.pushHint')} htmlFor={id} testId="push-row">
      <div className="flex items-center gap-3">
        <Switch id={id} checked={state === 'on'} disabled={!usable || busy} onCheckedChange={(next) => void change(next)} testId="push-switch" />
        {state === 'on' && usable && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void sendTest()}>
            {t('settings.pushTest')}
          </Button>
        )}
      </div>
    </SettingRow>
  );
}
