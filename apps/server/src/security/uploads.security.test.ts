/**
 * Upload routes (binder import, avatar, admin price files): a signed-out client is answered 401 before its body is
 * read; every route reads a multipart/form-data body's part named `file`; any other content type is 415 and is never
 * read as the file's text (a multipart body was once parsed as CSV and answered FORMAT_NOT_IMPLEMENTED).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { BinderDetail } from '@grandline/core/contracts/binders';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../http-server';
import { createAuthTestApp, postJson, signUpVerified, TEST_PUBLIC_URL } from '../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let user: string;
let admin: string;
let binderId: string;

const send = (path: string, body: RequestInit['body'], cookie: string, headers: Record<string, string> = {}, method = 'POST') =>
  ctx.app.request(path, { method, body, headers: { Cookie: cookie, Origin: TEST_PUBLIC_URL, ...headers } });
const form = (parts: Record<string, Blob | string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  ctx = await createAuthTestApp({ seed: true, adminEmails: ['uploads-admin@example.com'] });
  user = await signUpVerified(ctx, 'uploads@example.com');
  admin = await signUpVerified(ctx, 'uploads-admin@example.com');
  for (const [cookie, username] of [[user, 'uploads_user'], [admin, 'uploads_admin']] as const) {
    const accepted = await ctx.app.request('/api/me/accept-terms', postJson({ username, countryCode: 'BR', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }));
    expect(accepted.status).toBe(200);
  }
  const created = await ctx.app.request('/api/binders', postJson({ name: 'Uploads', category: 'personal' }, { Cookie: user }));
  binderId = ((await created.json()) as BinderDetail).id;
}, 60_000);
afterAll(async () => {
  await ctx.database.close();
});

describe('signed out', () => {
  it('answers 401 on every upload route before the body arrives', async () => {
    const server = startHttpServer({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1', limits: { headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, maxConnections: 100 } });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      for (const [method, path, type] of [
        ['POST', `/api/binders/${binderId}/import?format=csv`, 'text/csv'],
        ['POST', `/api/binders/${binderId}/import?format=csv`, 'multipart/form-data; boundary=x'],
        ['PUT', '/api/me/avatar', 'image/png'],
        ['POST', '/api/admin/prices/upload', 'multipart/form-data; boundary=x'],
      ]) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString()));
        await new Promise((r) => socket.once('connect', r));
        // 9 MB announced, 12 bytes sent: only an answer that does not wait for the body comes back.
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${TEST_PUBLIC_URL}\r\nContent-Type: ${type}\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\nquantity,num`);
        await expect.poll(() => answer, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 401/);
        socket.destroy();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('binder import', () => {
  const url = () => `/api/binders/${binderId}/import?format=csv`;
  it('reads the part named file of a multipart body, as the raw body is read', async () => {
    const csv = 'quantity,number\n2,OP01-016\n1,OP01-001\n';
    const multipart = await send(url(), form({ file: new Blob([csv], { type: 'text/csv' }) }), user);
    expect(multipart.status, await multipart.clone().text()).toBe(200);
    expect(await multipart.json()).toMatchObject({ format: 'generic', imported: 2, copies: 3 });
    const raw = await send(url(), csv, user, { 'Content-Type': 'text/csv' });
    expect(await raw.json()).toMatchObject({ format: 'generic', imported: 2, copies: 3 });
    // Windows labels a .csv file application/vnd.ms-excel; a generic file is application/octet-stream.
    for (const type of ['application/vnd.ms-excel', 'application/octet-stream', 'text/plain; charset=utf-8']) {
      expect((await send(url(), csv, user, { 'Content-Type': type })).status).toBe(200);
    }
  });

  it('answers a multipart body without a file part with NO_FILE', async () => {
    const res = await send(url(), form({ upload: 'quantity,number\n1,OP01-016\n' }), user);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('NO_FILE');
  });

  it('answers 415 to any other content type, never reading it as the file', async () => {
    // A string body would get text/plain from fetch itself: bytes, so that "no type at all" is tested too.
    const bytes = (text: string) => new TextEncoder().encode(text);
    for (const [body, type] of [
      [bytes('{"file":"quantity,number\\n1,OP01-016"}'), 'application/json'],
      [bytes('file=quantity%2Cnumber%0A1%2COP01-016'), 'application/x-www-form-urlencoded'],
      [bytes('quantity,number\n1,OP01-016\n'), 'image/png'],
      [bytes('quantity,number\n1,OP01-016\n'), ''],
    ] as const) {
      const res = await send(url(), body, user, type ? { 'Content-Type': type } : {});
      expect(res.status, type).toBe(415);
      expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as text/csv or text/plain, or as multipart/form-data with a part named "file"' });
    }
  });
});

describe('avatar and admin price files', () => {
  it('takes an avatar as a multipart part, and refuses text with 415', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e86de' } }).png().toBuffer();
    const res = await send('/api/me/avatar', form({ file: new Blob([new Uint8Array(png)], { type: 'image/png' }) }), user, {}, 'PUT');
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await send('/api/me/avatar', 'not a picture', user, { 'Content-Type': 'text/plain' }, 'PUT');
    expect(text.status).toBe(415);
    expect((await errorOf(text)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a price file that is not multipart with 415', async () => {
    const res = await send('/api/admin/prices/upload', 'card_number,variant,currency,min,avg,max\nOP01-016,,BRL,1,2,3\n', admin, { 'Content-Type': 'text/csv' });
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toBe('Send the files as multipart/form-data');
  });
});
