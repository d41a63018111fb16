import type { NotificationKind } from '@grandline/core/contracts/watches';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { notifications, profiles, pushSubscriptions, users } from '../db/schema';
import { createMemoryMailer, createTestDatabase, testLog } from '../testing/test-app';
import type { Mailer } from './mail';
import { OUTBOX_BATCH, pushOutbox, sendOutboxMail, type OutboxRow } from './notification-outbox';

type Note = { kind: NotificationKind; data: { n: number; skip?: boolean } };

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db()
    .insert(users)
    .values(['ana', 'bo', 'cy'].map((id) => ({ id, name: id, email: `${id}@outbox.test` })));
  // ana: Portuguese, alert e-mails off; bo: community e-mails off; cy: no profile row (every preference on).
  await db()
    .insert(profiles)
    .values([
      { id: 'ana', language: 'pt', alertEmails: false },
      { id: 'bo', communityEmails: false },
    ]);
  await db().insert(pushSubscriptions).values({ userId: 'cy', endpoint: 'https://fcm.googleapis.com/outbox-cy', p256dh: 'k', auth: 'a' });
});
afterAll(() => database.close());
beforeEach(async () => {
  await db().delete(notifications);
});

const add = (rows: { userId: string; kind: NotificationKind; n: number; skip?: boolean }[]) =>
  db()
    .insert(notifications)
    .values(rows.map(({ userId, kind, n, skip }) => ({ userId, kind, data: { n, ...(skip ? { skip } : {}) } })))
    .returning({ id: notifications.id });

const pending = async (column: 'emailedAt' | 'pushedAt') =>
  (await db().select({ data: notifications.data, done: notifications[column] }).from(notifications))
    .filter((r) => r.done === null)
    .map((r) => (r.data as Note['data']).n)
    .sort((a, b) => a - b);

const mailOf = (row: OutboxRow<Note>, to: string) => ({ to, subject: `${row.notification.kind} ${row.notification.data.n} ${row.language ?? '-'}`, text: '', html: '' });

describe('the notification outbox', () => {
  it('e-mails only its kinds, honours the preference column and the skip rule, and marks the skipped rows done', async () => {
    await add([
      { userId: 'ana', kind: 'watch_triggered', n: 1 },
      { userId: 'bo', kind: 'watch_triggered', n: 2 },
      { userId: 'cy', kind: 'watch_triggered', n: 3, skip: true },
      { userId: 'cy', kind: 'followed', n: 4 },
      { userId: 'bo', kind: 'commented', n: 5 },
    ]);
    const mail = createMemoryMailer();
    const alerts = { db: db(), mailer: mail.mailer, log: testLog, compose: mailOf, skip: (r: OutboxRow<Note>) => Boolean(r.notification.data.skip) };
    expect(await sendOutboxMail<Note>({ ...alerts, kinds: ['watch_triggered'], preference: 'alert_emails' })).toBe(1);
    expect(mail.messages.map((m) => [m.to, m.subject])).toEqual([['bo@outbox.test', 'watch_triggered 2 -']]);
    // ana's (alert e-mails off) and cy's skipped one left the outbox too; the community kinds wait for their own call.
    expect(await pending('emailedAt')).toEqual([4, 5]);
    expect(await sendOutboxMail<Note>({ ...alerts, kinds: ['followed', 'commented'], preference: 'community_emails' })).toBe(1);
    expect(mail.messages.map((m) => m.subject)).toEqual(['watch_triggered 2 -', 'followed 4 -']);
    expect(await pending('emailedAt')).toEqual([]);
    expect(await pending('pushedAt')).toEqual([1, 2, 3, 4, 5]);
  });

  it('passes the language, releases a failed send for the next call and stops there', async () => {
    await add([
      { userId: 'ana', kind: 'followed', n: 1 },
      { userId: 'cy', kind: 'followed', n: 2 },
    ]);
    const mail = createMemoryMailer();
    const failing: Mailer = { ...mail.mailer, send: (m) => (m.to.startsWith('cy') ? Promise.reject(new Error('smtp down')) : mail.mailer.send(m)) };
    const call = (mailer: Mailer) => sendOutboxMail<Note>({ db: db(), mailer, log: testLog, kinds: ['followed'], preference: 'community_emails', compose: mailOf });
    expect(await call(failing)).toBe(1);
    expect(await pending('emailedAt')).toEqual([2]);
    expect(await call(mail.mailer)).toBe(1);
    expect(mail.messages.map((m) => m.subject)).toEqual(['followed 1 pt', 'followed 2 -']);
    expect(await call(mail.mailer)).toBe(0);
  });

  it('pushes only to users with a device, skips what the rule names, and drains more than one batch', async () => {
    const rows = Array.from({ length: OUTBOX_BATCH + 3 }, (_, i) => ({ userId: i % 2 ? 'cy' : 'bo', kind: 'commented' as const, n: i, skip: i === 1 }));
    await add([...rows, { userId: 'cy', kind: 'watch_triggered', n: 9999 }]);
    const pushed: number[] = [];
    const reached = await pushOutbox<Note>({
      db: db(),
      kinds: ['commented'],
      skip: (r) => Boolean(r.notification.data.skip),
      push: async (r) => {
        expect(r.userId).toBe('cy');
        pushed.push(r.notification.data.n);
        return 2;
      },
    });
    const cyRows = rows.filter((r) => r.userId === 'cy' && !r.skip).map((r) => r.n);
    expect(pushed).toEqual(cyRows);
    expect(reached).toBe(2 * cyRows.length);
    expect(await pending('pushedAt')).toEqual([9999]);
  });
});
