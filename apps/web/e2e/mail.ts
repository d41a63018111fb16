import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { workerServer } from './server';

export interface Mail {
  subject: string;
  text: string;
  link: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

// Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
const decodeHeader = (s: string) =>
  s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8');
  const subject = decodeHeader(/^Subject: (.*(?:\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\n[ \t]/g, '') ?? '');
  const plain = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/i.exec(raw)?.[1] ?? raw;
  const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(plain) : plain;
  const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  return { subject, text, link };
}

/** The mail of this worker's server: DATA_DIR/mail. */
const workerMailDir = () => path.join(workerServer().dataDir, 'mail');

/**
 * The newest message to `to` in the server's DATA_DIR/mail (the embedded mailer writes one .eml per
 * message), waiting for it to arrive; `after` skips messages already seen.
 */
export async function waitForMail(to: string, after = 0, dir = workerMailDir()): Promise<Mail & { count: number }> {
  let found: (Mail & { count: number }) | null = null;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${to.toLowerCase()}.eml`)).sort() : [];
        if (files.length <= after) return false;
        found = { ...readMail(path.join(dir, files[files.length - 1]!)), count: files.length };
        return true;
      },
      { timeout: 10_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
export const uniqueUsername = (prefix: string) => `${prefix}_${Math.floor(Math.random() * 1e9).toString(36)}`.slice(0, 20);

/** A password that passes every rule, the common-password one included (packages/core/src/password.ts). */
export const E2E_PASSWORD = 'Thousand-Sunny-7';

/**
 * A confirmed account made through the API (with the page's cookies, or an API context's), optionally with the terms
 * accepted. `mailDir` is where the server writes mail (this worker's server unless said).
 */
export async function createAccount(
  page: Pick<Page, 'request'> | { request: APIRequestContext },
  { email, password = E2E_PASSWORD, accept = true, mailDir }: { email: string; password?: string; accept?: boolean; mailDir?: string },
) {
  const request: APIRequestContext = page.request;
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password, name: email.split('@')[0] } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await waitForMail(email, 0, mailDir);
  const confirmed = await request.get(new URL(mail.link).pathname + new URL(mail.link).search, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  if (accept) {
    const res = await request.post('/api/me/accept-terms', {
      data: { username: uniqueUsername('e2e'), countryCode: 'US', ageConfirmed: true, tosAccepted: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { email, password };
}
