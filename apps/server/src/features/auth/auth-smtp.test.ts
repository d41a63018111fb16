import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { createMailer } from '../../lib/mail';
import { cookieOf, createAuthTestApp, createTestDatabase, pathOf, postJson, TEST_PASSWORD, TEST_PUBLIC_URL, testLog } from '../../testing/test-app';
import { createAuth } from './auth';

/** Messages as a real SMTP server received them, decoded from quoted-printable. */
const received: { to: string; raw: string }[] = [];
let server: SMTPServer;
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;

const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const linkTo = (to: string) => {
  const message = [...received].reverse().find((m) => m.to === to);
  const link = message && /https?:\/\/\S+/.exec(decode(message.raw))?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
};

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent', from: 'Grand Line <no-reply@grandline.example>', log: testLog });
  ctx = await createAuthTestApp({ mailer });
});
afterAll(async () => {
  await ctx.database.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('account e-mails over SMTP', () => {
  it('confirms a sign-up through the link the SMTP server received, in the requested language', async () => {
    const res = await ctx.app.request('/api/auth/sign-up/email', postJson({ email: 'robin@example.com', password: TEST_PASSWORD, name: 'robin', callbackURL: '/auth/verified' }, { 'X-Grandline-Language': 'pt' }));
    expect(res.status).toBe(200);
    const message = received.find((m) => m.to === 'robin@example.com');
    expect(decode(message!.raw)).toContain('Subject: Confirme seu e-mail no Grand Line');
    const confirmed = await ctx.app.request(pathOf(linkTo('robin@example.com')));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('Location')).toBe('/auth/verified');
    const me = await ctx.app.request('/api/me', { headers: { Cookie: cookieOf(confirmed) } });
    expect(await me.json()).toMatchObject({ user: { email: 'robin@example.com', emailConfirmed: true } });
  });

  it('resets a password through the link the SMTP server received', async () => {
    const asked = await ctx.app.request('/api/auth/request-password-reset', postJson({ email: 'robin@example.com', redirectTo: 'http://localhost:3000/auth/callback?type=recovery' }));
    expect(asked.status).toBe(200);
    // The link goes through the auth library, which sends the browser to our callback with the token.
    const followed = await ctx.app.request(pathOf(linkTo('robin@example.com')));
    expect(followed.status).toBe(302);
    const callback = new URL(followed.headers.get('Location')!);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('type')).toBe('recovery');
    const token = callback.searchParams.get('token')!;
    const reset = await ctx.app.request('/api/auth/reset-password', postJson({ token, newPassword: 'NewPassword456' }));
    expect(reset.status).toBe(200);
    const oldOne = await ctx.app.request('/api/auth/sign-in/email', postJson({ email: 'robin@example.com', password: TEST_PASSWORD }));
    expect(oldOne.status).toBe(401);
    const newOne = await ctx.app.request('/api/auth/sign-in/email', postJson({ email: 'robin@example.com', password: 'NewPassword456' }));
    expect(newOne.status).toBe(200);
    // The token works once.
    expect((await ctx.app.request('/api/auth/reset-password', postJson({ token, newPassword: 'Another789x' }))).status).toBe(400);
  });
});

describe('the log, when mail goes out over SMTP', () => {
  it('holds no confirmation or reset link (nor their tokens) through sign-up, confirmation and reset', async () => {
    const lines: string[] = [];
    // Debug, the most a deployment logs: the mailer, the auth library and every request line log here.
    const log = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const port = (server.server.address() as { port: number }).port;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent', from: 'Grand Line <no-reply@grandline.example>', log });
    const database = await createTestDatabase();
    try {
      const auth = createAuth({ db: database.db, mailer, log, config: { publicUrl: TEST_PUBLIC_URL, secret: 'test-secret-test-secret-test-secret-1234', rateLimit: false } });
      const app = buildApp({ db: database.db, log, auth, publicUrl: TEST_PUBLIC_URL });
      expect((await app.request('/api/auth/sign-up/email', postJson({ email: 'kaya@example.com', password: TEST_PASSWORD, name: 'kaya' }))).status).toBe(200);
      const confirmation = linkTo('kaya@example.com');
      expect((await app.request(pathOf(confirmation))).status).toBe(302);
      expect((await app.request('/api/auth/request-password-reset', postJson({ email: 'kaya@example.com', redirectTo: '/auth?type=recovery' }))).status).toBe(200);
      const reset = linkTo('kaya@example.com');
      expect(reset).toContain('/reset-password/');
      expect((await app.request(pathOf(reset))).status).toBe(302);

      const logged = lines.join('');
      expect(logged).toContain('mail sent');
      expect(logged).toContain('/api/auth/reset-password/[redacted]');
      const tokens = [new URL(confirmation).searchParams.get('token')!, new URL(reset).pathname.split('/').pop()!];
      for (const secret of [confirmation, reset, ...tokens]) expect(logged).not.toContain(secret);
      expect(logged).not.toMatch(/token=|reset-password\/(?!\[redacted\])/);
    } finally {
      await database.close();
    }
  });
});
