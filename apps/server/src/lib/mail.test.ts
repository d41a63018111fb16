import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createMailer } from './mail';

const log = createLogger('silent');

/** A logger at every level whose lines are kept, to see what a mailer writes to the log. */
function capturingLog() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
  return { logger, lines };
}
const LINK = 'http://localhost:3000/api/auth/reset-password/secret-token-123?callbackURL=%2Fauth';

/** Decodes a quoted-printable body (soft line breaks and =XX escapes). */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mailer over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the message with its link intact', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent', from: 'Grand Line <no-reply@grandline.example>', log });
    expect(mailer.kind).toBe('smtp');
    const link = `http://localhost:3000/api/auth/verify-email?token=${'a'.repeat(120)}&callbackURL=%2Fauth%2Fverified`;
    await mailer.send({ to: 'luffy@example.com', subject: 'Confirm your e-mail', text: `Open this link: ${link}` });
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    expect(raw).toContain('Subject: Confirm your e-mail');
    expect(raw).toMatch(/To: luffy@example\.com/);
    expect(decodeQuotedPrintable(raw)).toContain(link);
  });

  it('never writes a message’s link or text to the log: only the owner of the address gets it', async () => {
    const { logger, lines } = capturingLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '/nonexistent', from: 'no-reply@grandline.example', log: logger });
    await mailer.send({ to: 'nami@example.com', subject: 'Reset your password', text: `Reset: ${LINK}`, html: `<a href="${LINK}">${LINK}</a>` });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'nami@example.com', subject: 'Reset your password', msg: 'mail sent' });
    expect(lines.join('')).not.toContain('secret-token-123');
    expect(lines.join('')).not.toContain('http');
  });
});

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-mail-'));
    const mailer = createMailer({ mailDir: path.join(dir, 'mail'), from: 'no-reply@grandline.example', log });
    expect(mailer.kind).toBe('file');
    await mailer.send({ to: 'zoro@example.com', subject: 'Reset your password', text: 'Reset: http://localhost:3000/auth?type=recovery&token=x' });
    const files = fs.readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/zoro@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Reset your password');
    expect(decodeQuotedPrintable(eml)).toContain('http://localhost:3000/auth?type=recovery&token=x');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('logs the link of each message, the way to reach it on a machine without a mail server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-mail-'));
    const { logger, lines } = capturingLog();
    const mailer = createMailer({ mailDir: path.join(dir, 'mail'), from: 'no-reply@grandline.example', log: logger });
    await mailer.send({ to: 'nami@example.com', subject: 'Reset your password', text: `Reset: ${LINK}\n\nIgnore otherwise.` });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'nami@example.com', link: LINK, msg: 'mail written to file (no SMTP_URL set)' });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
