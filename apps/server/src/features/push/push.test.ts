/**
 * Web Push (issue 17) against a local HTTP server standing in for a browser's push service: it decrypts what it
 * receives with the device's keys (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292), as a real push
 * service and browser would. Subscriptions, the test message, 404/410 removal, the price-alert outbox, family
 * invitations, follows and comments, and the refusals.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { WatchTriggeredData } from '@grandline/core/contracts/watches';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createLocalEvents } from '../../db/client';
import { decks, notifications, pushSubscriptions, users } from '../../db/schema/index';
import type { PushConfig } from '../../lib/push-config';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { pushCommunityNotifications } from '../notifications/community-mail';
import { pushAlertNotifications } from '../watches/alert-mail';
import { MAX_DEVICES_PER_USER, isAllowedEndpoint, resolveVapidKeys } from './push.service';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

/** A browser's keys for one device: what PushSubscription.toJSON() gives, and the private half to read messages. */
function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { endpoint, ecdh, auth, json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}
type Device = ReturnType<typeof device>;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push message (RFC 8291 §3.4, RFC 8188) with the device's private key and auth secret. */
function decrypt(body: Buffer, d: Device): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(d.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header: an ES256 JWT for this push service's origin, signed by our public key. */
function checkVapid(header: string | undefined, origin: string, publicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, head, claims, signature, k] = match!;
  expect(k).toBe(publicKey);
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(payload.aud).toBe(origin);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  expect(payload.sub).toBe('mailto:no-reply@grandline.local');
}

let service: http.Server;
let serviceUrl: string;
const received: Received[] = [];
const devicesByPath = new Map<string, Device>();
/** Answers a push service gives for a path (default 201 Created). */
const answers = new Map<string, number>();

const events = createLocalEvents();
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let app: ReturnType<typeof buildApp>;
let config: PushConfig;
let dataDir: string;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const email = (who: string) => `${who}-push@example.com`;
const call = async <T = unknown>(method: string, url: string, who: string | null, body?: unknown) => {
  const res = await app.request(url, { ...postJson(body, who ? { Cookie: cookies[who]! } : {}), method });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T & { error: { code: string; message: string; issues?: { path: string; message: string }[] } } };
};
const newDevice = (name: string) => {
  const d = device(`${serviceUrl}/push/${name}-${randomBytes(4).toString('hex')}`);
  devicesByPath.set(new URL(d.endpoint).pathname, d);
  return d;
};
const messagesTo = (d: Device) => received.filter((r) => r.path === new URL(d.endpoint).pathname).map((r) => r.payload as { title: string; body: string; url: string; tag?: string });

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d = devicesByPath.get(req.url ?? '');
      const status = answers.get(req.url ?? '') ?? (d ? 201 : 404);
      if (d && status === 201) {
        checkVapid(req.headers.authorization, serviceUrl, config.publicKey);
        received.push({ path: req.url!, headers: req.headers, payload: JSON.parse(decrypt(Buffer.concat(chunks), d)) });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-push-'));
  const keys = resolveVapidKeys({ dataDir, embedded: true })!;
  config = { ...keys, subject: 'mailto:no-reply@grandline.local', allowedHosts: ['127.0.0.1'], timeoutMs: 2000 };
  ctx = await createAuthTestApp({ events, adminEmails: [email('admin')] });
  app = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events, mailer: ctx.mail.mailer, push: config });
  for (const who of ['admin', 'ana', 'ben', 'cy']) {
    cookies[who] = await signUpVerified(ctx, email(who));
    await call('POST', '/api/me/accept-terms', who, { username: `${who}_push`, countryCode: 'BR', ageConfirmed: true, tosAccepted: true });
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email(who)));
    ids[who] = row!.id;
  }
}, 90_000);

afterAll(async () => {
  await ctx.database.close();
  events.close();
  await new Promise<void>((resolve) => service.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('web push', () => {
  it('keeps one VAPID key pair in the embedded data directory, readable by its owner only', () => {
    const again = resolveVapidKeys({ dataDir, embedded: true })!;
    expect(again.publicKey).toBe(config.publicKey);
    expect(Buffer.from(again.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(dataDir, 'vapid.json')).mode & 0o077).toBe(0);
    expect(resolveVapidKeys({ dataDir: path.join(dataDir, 'pg'), embedded: false })).toBeNull();
  });

  it('answers its public key, and a device subscribes and gets the encrypted, VAPID-signed test message', async () => {
    expect((await call('GET', '/api/push/config', null)).body).toEqual({ enabled: true, publicKey: config.publicKey });
    const phone = newDevice('ana-phone');
    expect((await call('PUT', '/api/push/subscriptions', 'ana', phone.json)).status).toBe(204);
    const sent = await call<{ sent: number; removed: number }>('POST', '/api/push/test', 'ana');
    expect(sent.body).toEqual({ sent: 1, removed: 0 });
    const [message] = messagesTo(phone);
    expect(message).toEqual({
      title: 'Grand Line',
      body: 'Notifications are on for this device: price alerts, family invitations, new followers and comments arrive here.',
      url: '/settings?tab=preferences',
      tag: 'push-test',
    });
    const last = received.at(-1)!;
    expect(last.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(last.headers.ttl)).toBeGreaterThan(0);
  });

  it('refuses a subscription to another host than the push services, malformed keys, and visitors', async () => {
    const evil = device('https://internal.example.com/admin');
    const refused = await call('PUT', '/api/push/subscriptions', 'ana', evil.json);
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([{ path: 'endpoint', message: 'validation.pushSubscriptionInvalid' }]);
    const bad = newDevice('bad');
    for (const keys of [{ p256dh: 'short', auth: bad.json.keys.auth }, { p256dh: bad.json.keys.p256dh, auth: '<script>' }, {}]) {
      expect((await call('PUT', '/api/push/subscriptions', 'ana', { endpoint: bad.endpoint, keys })).status).toBe(400);
    }
    expect((await call('PUT', '/api/push/subscriptions', null, bad.json)).status).toBe(401);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/x', ['fcm.googleapis.com'])).toBe(false);
    expect(isAllowedEndpoint('https://x.notify.windows.com/w', ['*.notify.windows.com'])).toBe(true);
    expect(isAllowedEndpoint('https://notify.windows.com.evil.example/w', ['*.notify.windows.com'])).toBe(false);
    expect(isAllowedEndpoint('https://user:pw@fcm.googleapis.com/x', ['fcm.googleapis.com'])).toBe(false);
  });

  it('removes a subscription the push service says is gone (410 or 404), and keeps the others', async () => {
    const old = newDevice('ben-old');
    const current = newDevice('ben-current');
    await call('PUT', '/api/push/subscriptions', 'ben', old.json);
    await call('PUT', '/api/push/subscriptions', 'ben', current.json);
    answers.set(new URL(old.endpoint).pathname, 410);
    expect((await call('POST', '/api/push/test', 'ben')).body).toEqual({ sent: 1, removed: 1 });
    const left = await ctx.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.ben!));
    expect(left.map((r) => r.endpoint)).toEqual([current.endpoint]);
  });

  it('pushes each fired price alert once, in the user’s language, and never one a demonstration price fired', async () => {
    const tablet = newDevice('cy-tablet');
    await call('PUT', '/api/push/subscriptions', 'cy', tablet.json);
    await call('PATCH', '/api/me/profile', 'cy', { language: 'pt' });
    const data: WatchTriggeredData = { watchId: 'w1', cardId: 1, cardNumber: 'OP01-001', cardName: 'Roronoa Zoro', variant: null, market: 'us', direction: 'below', threshold: 2, currency: 'USD', price: 150, demo: false };
    // One for a user with a device, one for a user without: both leave the outbox. One fired by a demonstration price:
    // never pushed, and it leaves the outbox too.
    await ctx.db.insert(notifications).values([
      { userId: ids.cy!, kind: 'watch_triggered', data },
      { userId: ids.admin!, kind: 'watch_triggered', data },
      { userId: ids.cy!, kind: 'watch_triggered', data: { ...data, watchId: 'w-demo', demo: true } },
    ]);
    expect(await pushAlertNotifications({ db: ctx.db, config, log: testLog })).toBe(1);
    const [alert] = messagesTo(tablet);
    // The amounts as the interface writes them: USD in its own locale (en-US), whatever the reader's language.
    expect(alert).toMatchObject({ title: 'Alerta de preço: Roronoa Zoro (OP01-001) agora custa $1.50', url: '/watchlist' });
    expect(alert!.body).toBe('Roronoa Zoro (OP01-001) agora custa $1.50 na TCGplayer, igual ou abaixo do seu alerta de $2.00.');
    expect(await pushAlertNotifications({ db: ctx.db, config, log: testLog })).toBe(0);
    expect(messagesTo(tablet)).toHaveLength(1);
  });

  it("tells the invited person's devices of a family invitation", async () => {
    const laptop = newDevice('ben-laptop');
    await call('PUT', '/api/push/subscriptions', 'ben', laptop.json);
    await call('PUT', `/api/admin/users/${ids.ana}/plan`, 'admin', { plan: 'family' });
    expect((await call('POST', '/api/family/invites', 'ana', { email: email('ben') })).status).toBe(200);
    await expect.poll(() => messagesTo(laptop).map((m) => m.title)).toEqual(['Family invitation']);
    expect(messagesTo(laptop)[0]).toMatchObject({ body: 'ana-push invited you to their Grand Line family. Accept it in Settings → Subscription.', url: '/settings?tab=subscription' });
  });

  it('forgets a device on unsubscribe, keeps at most 20 devices a user, and a shared device follows who signs in', async () => {
    const phone = newDevice('cy-phone');
    await call('PUT', '/api/push/subscriptions', 'cy', phone.json);
    expect((await call('DELETE', '/api/push/subscriptions', 'cy', { endpoint: phone.endpoint })).status).toBe(204);
    const rows = () => ctx.db.select({ endpoint: pushSubscriptions.endpoint, userId: pushSubscriptions.userId }).from(pushSubscriptions);
    expect((await rows()).some((r) => r.endpoint === phone.endpoint)).toBe(false);
    const many = [...Array(MAX_DEVICES_PER_USER + 3)].map((_, i) => newDevice(`cy-${i}`));
    for (const d of many) await call('PUT', '/api/push/subscriptions', 'cy', d.json);
    expect((await rows()).filter((r) => r.userId === ids.cy)).toHaveLength(MAX_DEVICES_PER_USER);
    // Ana signs in on the device Cy subscribed last: it now notifies Ana only.
    await call('PUT', '/api/push/subscriptions', 'ana', many.at(-1)!.json);
    expect((await rows()).find((r) => r.endpoint === many.at(-1)!.endpoint)?.userId).toBe(ids.ana);
  });

  it('pushes a follow and a comment to the devices of the user they are about, in their language, opening their page', async () => {
    const phone = newDevice('admin-phone');
    await call('PUT', '/api/push/subscriptions', 'admin', phone.json);
    await call('PATCH', '/api/me/profile', 'admin', { language: 'es' });
    expect((await call('PUT', '/api/profiles/admin_push/follow', 'cy')).status).toBe(200);
    await expect.poll(() => messagesTo(phone).map((m) => m.title)).toEqual(['@cy_push empezó a seguirte en Grand Line']);
    expect(messagesTo(phone)[0]).toMatchObject({ url: '/u/cy_push' });
    const deckId = randomUUID();
    await ctx.db.insert(decks).values({ id: deckId, userId: ids.admin!, name: 'Rojo', format: 'standard', gameCategory: 'onepiece', isPublic: true });
    expect((await call('POST', `/api/decks/${deckId}/comments`, 'ben', { text: '¡Buen mazo!' })).status).toBe(201);
    // One's own comment pushes nothing.
    expect((await call('POST', `/api/decks/${deckId}/comments`, 'admin', { text: 'Gracias' })).status).toBe(201);
    await expect.poll(() => messagesTo(phone).length).toBe(2);
    expect(messagesTo(phone)[1]).toMatchObject({ title: '@ben_push comentó en tu mazo «Rojo»', body: '¡Buen mazo!', url: `/deck/${deckId}` });
    // The outbox is empty: nothing is pushed twice.
    expect(await pushCommunityNotifications({ db: ctx.db, config, log: testLog })).toBe(0);
    expect(messagesTo(phone)).toHaveLength(2);
  });

  it('says when push is not configured', async () => {
    const off = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, events });
    expect(await (await off.request('/api/push/config')).json()).toEqual({ enabled: false, publicKey: null });
    const res = await off.request('/api/push/subscriptions', { ...postJson(newDevice('x').json, { Cookie: cookies.ana! }), method: 'PUT' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PUSH_NOT_CONFIGURED');
  });
});
