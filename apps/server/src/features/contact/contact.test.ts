import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminContactMessage, AdminContactMessageListResponse } from '@grandline/core/contracts/contact';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { contactMessages } from '../../db/schema/index';
import { createMailer, type MailMessage, type Mailer } from '../../lib/mail';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { CONTACT_MAX_PER_ADDRESS, CONTACT_MAX_PER_IP } from './contact.service';

const SUPPORT = 'help@grandline.example';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let app: ReturnType<typeof buildApp>;
let admin: string;
let user: string;
/** What the mail adapter was given; `failing` makes it throw as an unreachable SMTP server does. */
const sent: MailMessage[] = [];
let failing = false;
const mailer: Mailer = {
  kind: 'smtp',
  send: async (message) => {
    if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
    sent.push(message);
  },
};

let ipCounter = 0;
/** A client address of its own for each caller (the per-IP limit is tested on purpose only). */
const freshIp = () => `198.51.100.${++ipCounter}`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nico Robin',
  email: 'robin@example.com',
  subject: 'Poneglyph prices',
  message: 'Hello!\nThe price of OP01-001 looks wrong.\n\nThanks',
  ...overrides,
});

const send = (body: unknown, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
  app.request('/api/contact', postJson(body, { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) }));

const rowsFor = (email: string) => ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email));

beforeAll(async () => {
  ctx = await createAuthTestApp({ adminEmails: ['contact-admin@example.com'] });
  app = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, trustProxy: true, mailer, supportEmail: SUPPORT });
  admin = await signUpVerified(ctx, 'contact-admin@example.com');
  user = await signUpVerified(ctx, 'franky@example.com');
});
afterAll(async () => {
  await ctx.database.close();
});

describe('POST /api/contact', () => {
  it('refuses missing, too long and control-character fields with their messages', async () => {
    const empty = await send({ name: '  ', email: '', subject: '', message: ' \n ' });
    expect(empty.status).toBe(400);
    const issues = ((await empty.json()) as { error: { code: string; issues: { path: string; message: string }[] } }).error;
    expect(issues.code).toBe('VALIDATION_ERROR');
    expect(issues.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'E-mail is required' },
        { path: 'subject', message: 'Subject is required' },
        { path: 'message', message: 'Message is required' },
      ]),
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ email: 'not-an-address' }, 'email', 'Invalid e-mail address'],
      [{ subject: 's'.repeat(151) }, 'subject', 'Subject must be at most 150 characters'],
      [{ message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5,000 characters'],
      // A line break in a subject would be a mail header of its own.
      [{ subject: 'Hi\r\nBcc: victim@example.com' }, 'subject', 'The text contains a character that is not allowed'],
      [{ name: 'Robin\u0007' }, 'name', 'The text contains a character that is not allowed'],
      [{ message: 'NUL \u0000 here' }, 'message', 'The text contains a character that is not allowed'],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await send(valid(overrides));
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { issues: { path: string; message: string }[] } };
      expect(body.error.issues, JSON.stringify(overrides).slice(0, 60)).toContainEqual({ path, message });
    }
    expect(await rowsFor('robin@example.com')).toHaveLength(0);
  });

  it('stores the message and mails it to SUPPORT_EMAIL with Reply-To the sender', async () => {
    sent.length = 0;
    const message = `${'A line of the message.\n'.repeat(300).slice(0, 4999)}!`;
    expect(message).toHaveLength(5000);
    const res = await send(valid({ name: '  Nico Robin ', email: 'robin@example.com', message, locale: 'pt' }), { ip: '203.0.113.7' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ received: true });
    const [row] = await rowsFor('robin@example.com');
    expect(row).toMatchObject({ name: 'Nico Robin', subject: 'Poneglyph prices', message, locale: 'pt', userId: null, mailStatus: 'sent', handledAt: null });
    // The sender's IP address only counts towards the hourly limit: it is not kept with the message.
    expect(Object.values(row!)).not.toContain('203.0.113.7');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: SUPPORT, subject: '[Contact] Poneglyph prices', replyTo: { name: 'Nico Robin', address: 'robin@example.com' } });
    expect(sent[0]!.text).toContain('From: Nico Robin <robin@example.com>');
    expect(sent[0]!.text).toContain(message);
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/admin?tab=messages`);
  });

  it('writes the mail through the embedded adapter: To SUPPORT_EMAIL, Reply-To the sender', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-contact-mail-'));
    try {
      const fileMailer = createMailer({ mailDir, from: 'Grand Line <no-reply@grandline.local>', log: testLog });
      const withFiles = buildApp({ db: ctx.db, log: testLog, publicUrl: TEST_PUBLIC_URL, trustProxy: true, mailer: fileMailer, supportEmail: SUPPORT });
      const res = await withFiles.request('/api/contact', postJson(valid({ name: 'Nami "Cat Burglar"', email: 'nami@example.com' }), { 'X-Forwarded-For': freshIp() }));
      expect(res.status).toBe(201);
      const files = fs.readdirSync(mailDir);
      expect(files).toHaveLength(1);
      const raw = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8');
      expect(raw).toMatch(/^To: help@grandline\.example$/m);
      expect(raw).toMatch(/^Reply-To: "Nami \\"Cat Burglar\\"" <nami@example\.com>$/m);
      expect(raw).toMatch(/^Subject: \[Contact\] Poneglyph prices$/m);
      expect((await rowsFor('nami@example.com'))[0]?.mailStatus).toBe('sent');
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it('keeps the signed-in sender’s account with the message', async () => {
    const res = await send(valid({ email: 'franky@example.com' }), { cookie: user });
    expect(res.status).toBe(201);
    const me = (await (await app.request('/api/me', { headers: { Cookie: user } })).json()) as { user: { id: string } };
    const [row] = await rowsFor('franky@example.com');
    expect(row?.userId).toBe(me.user.id);
  });

  it(`allows ${CONTACT_MAX_PER_ADDRESS} messages an hour per e-mail address, in any letter case, then answers 429`, async () => {
    for (let i = 0; i < CONTACT_MAX_PER_ADDRESS; i++) expect((await send(valid({ email: i % 2 ? 'Usopp@Example.com' : 'usopp@example.com' }))).status).toBe(201);
    const refused = await send(valid({ email: 'USOPP@example.com' }));
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Please try again') });
    expect(await rowsFor('usopp@example.com')).toHaveLength(2);
    // Another address is not held back.
    expect((await send(valid({ email: 'kaya@example.com' }))).status).toBe(201);
  });

  it(`allows ${CONTACT_MAX_PER_IP} messages an hour per client address, whatever the e-mail, then answers 429`, async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < CONTACT_MAX_PER_IP; i++) expect((await send(valid({ email: `sender${i}@example.com` }), { ip })).status).toBe(201);
    const refused = await send(valid({ email: 'one-more@example.com' }), { ip });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(await rowsFor('one-more@example.com')).toHaveLength(0);
    // The same address from elsewhere is fine.
    expect((await send(valid({ email: 'one-more@example.com' }))).status).toBe(201);
  });

  it('answers a filled honeypot like a success, storing and mailing nothing', async () => {
    sent.length = 0;
    const res = await send(valid({ email: 'bot@example.com', website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ received: true });
    expect(await rowsFor('bot@example.com')).toHaveLength(0);
    expect(sent).toHaveLength(0);
    // An empty honeypot is a person.
    expect((await send(valid({ email: 'person@example.com', website: '' }))).status).toBe(201);
    expect(await rowsFor('person@example.com')).toHaveLength(1);
  });

  it('keeps the message and answers success when the mail fails', async () => {
    failing = true;
    try {
      const res = await send(valid({ email: 'brook@example.com' }));
      expect(res.status).toBe(201);
    } finally {
      failing = false;
    }
    const [row] = await rowsFor('brook@example.com');
    expect(row?.mailStatus).toBe('failed');
  });

  it('keeps the message when no mailer is configured', async () => {
    const bare = buildApp({ db: ctx.db, log: testLog, publicUrl: TEST_PUBLIC_URL, trustProxy: true });
    const res = await bare.request('/api/contact', postJson(valid({ email: 'jinbe@example.com' }), { 'X-Forwarded-For': freshIp() }));
    expect(res.status).toBe(201);
    expect((await rowsFor('jinbe@example.com'))[0]?.mailStatus).toBe('failed');
  });

  it('stores hostile text as it was sent (plain text, shown escaped)', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    expect((await send(valid({ email: 'xss@example.com', subject: payload, message: payload }))).status).toBe(201);
    expect((await rowsFor('xss@example.com'))[0]).toMatchObject({ subject: payload, message: payload });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await send({ ...valid(), message: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('contact messages in the admin area', () => {
  const list = async (query = '') => {
    const res = await app.request(`/api/admin/contact-messages${query}`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    return (await res.json()) as AdminContactMessageListResponse;
  };
  const patch = (id: string, body: unknown, cookie = admin) =>
    app.request(`/api/admin/contact-messages/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Origin: TEST_PUBLIC_URL, Cookie: cookie }, body: JSON.stringify(body) });

  it('is for admins only', async () => {
    expect((await app.request('/api/admin/contact-messages')).status).toBe(401);
    expect((await app.request('/api/admin/contact-messages', { headers: { Cookie: user } })).status).toBe(403);
    const [row] = await rowsFor('robin@example.com');
    expect((await patch(row!.id, { handled: true }, user)).status).toBe(403);
  });

  it('lists messages newest first, open by default, with pages', async () => {
    expect((await send(valid({ email: 'newest@example.com', subject: 'The newest' }))).status).toBe(201);
    const open = await list();
    expect(open.items[0]).toMatchObject({ email: 'newest@example.com', subject: 'The newest', mailStatus: 'sent', handledAt: null, handledBy: null, userId: null, username: null });
    expect(open.total).toBe(open.open);
    const dates = open.items.map((m) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const firstPage = await list('?pageSize=2&page=1');
    const secondPage = await list('?pageSize=2&page=2');
    expect(firstPage.items).toHaveLength(2);
    expect(secondPage.items[0]?.id).not.toBe(firstPage.items[1]?.id);
    expect(secondPage.items[0]?.id).toBe(open.items[2]?.id);
    expect((await app.request('/api/admin/contact-messages?status=closed', { headers: { Cookie: admin } })).status).toBe(400);
  });

  it('marks a message handled and open again; the filter follows', async () => {
    const { items, open } = await list();
    const target = items[0]!;
    const res = await patch(target.id, { handled: true });
    expect(res.status).toBe(200);
    const handled = (await res.json()) as AdminContactMessage;
    expect(handled).toMatchObject({ id: target.id, handledBy: 'contact-admin' });
    expect(handled.handledAt).toEqual(expect.any(String));
    expect((await list()).items.map((m) => m.id)).not.toContain(target.id);
    const handledList = await list('?status=handled');
    expect(handledList.items.map((m) => m.id)).toEqual([target.id]);
    expect(handledList.open).toBe(open - 1);
    expect((await list('?status=all')).total).toBe(open);
    // Marking it again keeps when and by whom it was first handled.
    expect(((await (await patch(target.id, { handled: true })).json()) as AdminContactMessage).handledAt).toBe(handled.handledAt);
    const reopened = (await (await patch(target.id, { handled: false })).json()) as AdminContactMessage;
    expect(reopened).toMatchObject({ handledAt: null, handledBy: null });
    expect((await list()).items[0]?.id).toBe(target.id);
  });

  it('answers 404 for an unknown message and 400 for a malformed id or body', async () => {
    const missing = await patch('00000000-0000-4000-8000-000000000000', { handled: true });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('CONTACT_MESSAGE_NOT_FOUND');
    expect((await patch('not-an-id', { handled: true })).status).toBe(400);
    const [row] = await rowsFor('robin@example.com');
    expect((await patch(row!.id, { handled: 'yes' })).status).toBe(400);
  });
});
