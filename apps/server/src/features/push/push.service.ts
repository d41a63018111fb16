import fs from 'node:fs';
import path from 'node:path';
import type { PushSubscriptionRequest } from '@grandline/core/contracts/push';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';
import type { Env } from '../../lib/env';
import type { PushConfig } from '../../lib/push-config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { languageOf, type Lang } from '../../lib/mail-text';

/** The browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.push.apple.com', '*.notify.windows.com'];

/** Devices one user keeps subscribed at most (the oldest subscription leaves for a newer one). */
export const MAX_DEVICES_PER_USER = 20;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a subscription's endpoint is on one of the configured push services. */
export function isAllowedEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const listed = allowedHosts.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
  if (!listed) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; on the embedded database a pair generated once into
 * the data directory (vapid.json, readable by this user only); on PostgreSQL without them, push is off (each replica
 * would otherwise sign with its own keys).
 */
export function resolveVapidKeys({ publicKey, privateKey, dataDir, embedded }: { publicKey?: string; privateKey?: string; dataDir: string; embedded: boolean }): { publicKey: string; privateKey: string } | null {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (!embedded) return null;
  const file = path.join(dataDir, 'vapid.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch {
    /* none yet: made below */
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Push as the environment configures it; undefined when off (PostgreSQL without VAPID keys). */
export function pushConfigFromEnv(env: Env, { dataDir, embedded, log }: { dataDir: string; embedded: boolean; log: Logger }): PushConfig | undefined {
  const keys = resolveVapidKeys({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, dataDir, embedded });
  if (!keys) {
    log.info('push notifications off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to send them');
    return undefined;
  }
  // "Name <address>" or a bare address (MAIL_FROM's forms).
  const bracketed = /<([^<>\s]+)>/.exec(env.MAIL_FROM)?.[1];
  const from = bracketed?.includes('@') ? bracketed : env.MAIL_FROM.includes('@') ? env.MAIL_FROM.trim() : 'no-reply@grandline.local';
  const hosts = env.PUSH_SERVICE_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean);
  return { ...keys, subject: env.VAPID_SUBJECT ?? `mailto:${from}`, allowedHosts: hosts?.length ? hosts : DEFAULT_PUSH_SERVICE_HOSTS, timeoutMs: env.PUSH_TIMEOUT_MS };
}

/** PUT /api/push/subscriptions: keeps the device's subscription for the user (the same endpoint again updates it). */
export async function subscribePush({ db, userId, subscription, config }: { db: Db; userId: string; subscription: PushSubscriptionRequest; config: PushConfig }) {
  if (!isAllowedEndpoint(subscription.endpoint, config.allowedHosts)) {
    throw new AppError('VALIDATION_ERROR', 400, 'This device’s push subscription is not valid', [{ path: 'endpoint', message: 'validation.pushSubscriptionInvalid' }]);
  }
  await db.transaction(async (tx) => {
    // A shared device that another account had subscribed now notifies the one signed in on it.
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, createdAt: sql`now()` } });
    const keep = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)).limit(MAX_DEVICES_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
  });
}

/** DELETE /api/push/subscriptions: the device no longer wants push (only the user's own subscription is touched). */
export async function unsubscribePush({ db, userId, endpoint }: { db: Db; userId: string; endpoint: string }) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** What a device shows: a title, a line, the app's page a tap opens, and a tag (a newer message with it replaces the older). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/**
 * Sends a message to every device of a user: encrypted for each (RFC 8291), signed with our VAPID key (RFC 8292), with
 * a time-out; a subscription the push service says is gone (404, 410) is removed. Never throws.
 */
export async function pushToUser({ db, config, log }: { db: Db; config: PushConfig; log: Logger }, userId: string, message: PushMessage): Promise<{ sent: number; removed: number }> {
  const devices = await db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(MAX_DEVICES_PER_USER);
  let sent = 0;
  const gone: number[] = [];
  const reached: number[] = [];
  await Promise.all(
    devices.map(async (device) => {
      if (!isAllowedEndpoint(device.endpoint, config.allowedHosts)) return;
      try {
        const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
          vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
          TTL: 24 * 60 * 60,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          ...(message.tag ? { topic: message.tag.replace(/[^\w-]/g, '').slice(0, 32) || undefined } : {}),
        });
        const res = await fetch(request.endpoint, { method: 'POST', headers: request.headers, body: request.body, redirect: 'error', signal: AbortSignal.timeout(config.timeoutMs) });
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 404 || res.status === 410) gone.push(device.id);
        else if (res.ok) {
          sent++;
          reached.push(device.id);
        } else log.warn({ status: res.status, host: new URL(device.endpoint).host }, 'push service refused a message');
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err), host: new URL(device.endpoint).host }, 'push message not sent');
      }
    }),
  );
  if (gone.length) await db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} in (${sql.join(gone.map((id) => sql`${id}`), sql`, `)})`);
  if (reached.length) await db.update(pushSubscriptions).set({ lastPushedAt: sql`now()` }).where(sql`${pushSubscriptions.id} in (${sql.join(reached.map((id) => sql`${id}`), sql`, `)})`);
  return { sent, removed: gone.length };
}

const TEST_MESSAGE: Record<Lang, Omit<PushMessage, 'url'>> = {
  en: { title: 'Grand Line', body: 'Notifications are on for this device: price alerts, family invitations, new followers and comments arrive here.' },
  pt: { title: 'Grand Line', body: 'As notificações estão ativas neste dispositivo: alertas de preço, convites de família, novos seguidores e comentários chegam aqui.' },
  es: { title: 'Grand Line', body: 'Las notificaciones están activadas en este dispositivo: aquí llegan las alertas de precio, las invitaciones familiares, los nuevos seguidores y los comentarios.' },
};

/** POST /api/push/test: a notification to the user's devices, so they can see that push works. */
export const testMessage = (language: string | null | undefined): PushMessage => ({ ...TEST_MESSAGE[languageOf(language)], url: '/settings?tab=preferences', tag: 'push-test' });

const INVITE_MESSAGE: Record<Lang, { title: string; body: (name: string) => string }> = {
  en: { title: 'Family invitation', body: (name) => `${name} invited you to their Grand Line family. Accept it in Settings → Subscription.` },
  pt: { title: 'Convite de família', body: (name) => `${name} convidou você para a família dele no Grand Line. Aceite em Configurações → Assinatura.` },
  es: { title: 'Invitación familiar', body: (name) => `${name} te invitó a su familia de Grand Line. Acéptala en Configuración → Suscripción.` },
};

/** The family invitation, to the invited person's devices when the address is an account's (in its language). */
export async function pushFamilyInvite(deps: { db: Db; config: PushConfig; log: Logger }, email: string, ownerName: string): Promise<void> {
  const rows = (await deps.db.execute(sql`
    select u.id, p.language from users u left join profiles p on p.id = u.id where lower(u.email) = ${email.toLowerCase()} limit 1
  `)) as unknown as { rows: { id: string; language: string | null }[] };
  const invited = rows.rows[0];
  if (!invited) return;
  const texts = INVITE_MESSAGE[languageOf(invited.language)];
  await pushToUser(deps, invited.id, { title: texts.title, body: texts.body(ownerName), url: '/settings?tab=subscription', tag: 'family-invite' });
}
