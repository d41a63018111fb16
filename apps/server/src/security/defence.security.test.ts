// Hardening of the account and request surface (docs/decisions/006-hardening.md): answers that do not tell
// accounts apart, writes that must come from the app's own pages, and the headers every answer carries.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { accounts, users } from '../db/schema/index';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL, testLog } from '../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(async () => {
  await ctx.database.close();
});

describe('password reset answers every address the same way', () => {
  it('a password account, an outside-provider account and an unknown address get the same status and body', async () => {
    await signUpVerified(ctx, 'reset-password-account@example.com');
    await ctx.db.insert(users).values({ id: 'reset-google-only', name: 'boa', email: 'reset-google-only@example.com', emailVerified: true });
    await ctx.db.insert(accounts).values({ id: 'reset-google-acc', accountId: 'google-sub-reset', providerId: 'google', userId: 'reset-google-only' });

    const ask = (email: string) =>
      ctx.app.request('/api/auth/request-password-reset', postJson({ email, redirectTo: '/auth?type=recovery' }));
    const answers = [];
    for (const email of ['reset-password-account@example.com', 'reset-google-only@example.com', 'reset-nobody@example.com']) {
      const res = await ask(email);
      answers.push({ status: res.status, body: await res.text(), type: res.headers.get('content-type') });
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The mail tells them apart instead: a link for the password account, the provider to use for the other.
    const mailTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);
    expect(mailTo('reset-password-account@example.com').at(-1)?.text).toContain('/api/auth/reset-password/');
    const external = mailTo('reset-google-only@example.com');
    expect(external).toHaveLength(1);
    expect(external[0]!.text).toContain('Google');
    expect(external[0]!.text).not.toContain('reset-password');
    expect(external[0]!.text).toContain(`${TEST_PUBLIC_URL}/auth`);
    expect(mailTo('reset-nobody@example.com')).toHaveLength(0);
  });
});

describe('cookie-authenticated writes must come from the app’s own pages', () => {
  const acceptance = { countryCode: 'br', ageConfirmed: true, tosAccepted: true, marketingConsent: false, locale: 'en' };
  const json = (method: string, body: unknown, headers: Record<string, string>): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const forbidden = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN_ORIGIN', message: 'Requests from other sites are not allowed' } });
  };

  it('refuses a write with the session cookie but no Origin and no Referer, or a foreign one', async () => {
    const cookie = await signUpVerified(ctx, 'origin-writer@example.com');
    const accept = (headers: Record<string, string>) => ctx.app.request('/api/me/accept-terms', json('POST', { ...acceptance, username: 'origin_writer' }, { Cookie: cookie, ...headers }));
    await forbidden(await accept({}));
    await forbidden(await accept({ Referer: 'https://evil.example/page' }));
    await forbidden(await accept({ Referer: 'not a url' }));
    await forbidden(await accept({ Origin: 'null' }));
    await forbidden(await accept({ Origin: 'https://evil.example', Referer: `${TEST_PUBLIC_URL}/consent` }));
    const consent = async () => ((await (await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).json()) as { consent: { tosAccepted: boolean } }).consent;
    expect((await consent()).tosAccepted).toBe(false);

    // A browser that left Origin out still names the page in Referer: the app's own is enough.
    expect((await accept({ Referer: `${TEST_PUBLIC_URL}/consent?x=1` })).status).toBe(200);

    const profile = (headers: Record<string, string>) => ctx.app.request('/api/me/profile', json('PATCH', { displayName: 'Writer' }, { Cookie: cookie, ...headers }));
    await forbidden(await profile({}));
    expect((await profile({ Origin: TEST_PUBLIC_URL })).status).toBe(200);
    const remove = (headers: Record<string, string>) => ctx.app.request('/api/me/delete', json('POST', { confirmation: 'origin-writer@example.com' }, { Cookie: cookie, ...headers }));
    await forbidden(await remove({}));

    // The auth library's own writes go through the same gate: no sign-out (nor password change) without Origin.
    await forbidden(await ctx.app.request('/api/auth/sign-out', { method: 'POST', headers: { Cookie: cookie } }));
    await forbidden(await ctx.app.request('/api/auth/change-password', json('POST', { currentPassword: 'x', newPassword: 'y' }, { Cookie: cookie })));
    expect((await ctx.app.request('/api/me', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('lets clients without cookies write without Origin (scripts, the public deck validation), but never from a foreign Origin', async () => {
    const validate = (headers: Record<string, string>) => ctx.app.request('/api/decks/validate', json('POST', { list: '1xOP01-001' }, headers));
    expect((await validate({})).status).toBe(200);
    expect((await validate({ Origin: TEST_PUBLIC_URL })).status).toBe(200);
    await forbidden(await validate({ Origin: 'https://evil.example' }));
    // Reading needs no Origin, with or without cookies.
    expect((await ctx.app.request('/api/health')).status).toBe(200);
  });
});

describe('response headers', () => {
  let dist: string;
  let site: ReturnType<typeof buildApp>;
  beforeAll(() => {
    // A built SPA of one page, so documents are served as in production.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-headers-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grand Line</title><div id="root"></div>');
    site = buildApp({ db: ctx.db, log: testLog, auth: ctx.auth, publicUrl: TEST_PUBLIC_URL, webDistDir: dist });
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });

  // The camera is our own pages' only (the scanner): `camera=(self)`, checked below.
  const DENIED = ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture'];
  const permissionsOf = (res: Response) =>
    new Map(
      (res.headers.get('permissions-policy') ?? '')
        .split(',')
        .map((d) => d.trim().split('=') as [string, string])
        .filter(([feature]) => feature),
    );

  it('documents and API answers deny powerful browser features with Permissions-Policy', async () => {
    for (const url of ['/', '/collection/abc', '/legal/terms-of-service/2025-09-24/en.md', '/api/docs', '/api/health', '/api/nothing-here', '/api/me']) {
      const res = await site.request(url);
      const policy = permissionsOf(res);
      for (const feature of DENIED) expect(policy.get(feature), `${url} ${feature}`).toBe('()');
      expect(policy.get('camera'), url).toBe('(self)');
      // No feature is granted to anyone else (no *, no other origin).
      for (const [feature, allowlist] of policy) expect(allowlist, `${url} ${feature}`).toMatch(/^\((self)?\)$/);
    }
  });

  it('documents carry the full set of security headers', async () => {
    // A page, and an address the app has no page at: its not-found document (404) carries them too.
    for (const [url, status] of [['/', 200], ['/cards', 200], ['/cards/OP01-001', 404]] as const) {
      const res = await site.request(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
        expect(csp, url).toContain(directive);
      }
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
      // WebAssembly for the scanner's OCR, never eval of text; workers from our own files only.
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
      expect(scriptSrc, url).toBe("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).toContain("worker-src 'self'");
    }
  });

  it('API answers carry the same policy, JSON or error alike', async () => {
    for (const [url, status] of [['/api/health', 200], ['/api/nothing-here', 404], ['/api/me', 401]] as const) {
      const res = await site.request(url);
      expect(res.status, url).toBe(status);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    }
  });
});
