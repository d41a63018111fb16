/**
 * Avatars (issue 18): a picture sent to PUT /api/me/avatar is kept as a 256-pixel WebP without metadata and served under
 * /img/avatars/ with a long cache; what is not a picture, too large, or a decompression bomb is refused with a message.
 */
import type { MeResponse } from '@grandline/core/contracts/account';
import type { PublicProfileResponse } from '@grandline/core/contracts/profiles';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, postJson, signUpVerified } from '../../testing/test-app';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let cookie: string;

const upload = (body: Uint8Array | string, type: string, withCookie = true) =>
  ctx.app.request('/api/me/avatar', {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type, Origin: 'http://localhost:3000', ...(withCookie ? { Cookie: cookie } : {}) },
  });

beforeAll(async () => {
  ctx = await createAuthTestApp();
  cookie = await signUpVerified(ctx, 'avatar-owner@example.com');
  const res = await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: 'luffy_avatar', countryCode: 'JP', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }), method: 'POST' });
  expect(res.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await ctx.database.close();
});

describe('PUT /api/me/avatar', () => {
  it('keeps a photo as a 256-pixel square WebP without its metadata (orientation, camera), served with a year of cache', async () => {
    // A landscape JPEG with an EXIF orientation (rotate 90°) and a camera make: what a phone sends.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCam' } } })
      .toBuffer();
    const res = await upload(photo, 'image/jpeg');
    expect(res.status, await res.clone().text()).toBe(200);
    const me = (await res.json()) as MeResponse;
    expect(me.profile.avatarUrl).toMatch(new RegExp(`^/img/avatars/${me.user.id}/[0-9a-f]{16}\\.webp$`));
    expect(me.user.avatarUrl).toBe(me.profile.avatarUrl);

    const image = await ctx.app.request(me.profile.avatarUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    expect(bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
    const again = await ctx.app.request(me.profile.avatarUrl!, { headers: { 'If-None-Match': image.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const profile = (await (await ctx.app.request('/api/profiles/luffy_avatar')).json()) as PublicProfileResponse;
    expect(profile.avatarUrl).toBe(me.profile.avatarUrl);
  });

  it('refuses what is not a picture, a file over 5 MB and a picture of too many pixels, with their messages', async () => {
    const notImage = await upload('<svg onload="alert(1)"></svg>', 'image/png');
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ error: { message: 'This picture could not be read: send a JPEG, PNG, WebP, AVIF or GIF image' } });

    const huge = await upload(new Uint8Array(5 * 1024 * 1024 + 1), 'image/png');
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'FILE_TOO_LARGE', message: 'The picture must be at most 5 MB' } });

    // 10,000 × 5,000 pixels of one colour: a small file that would take 150 MB to decode.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(bomb, 'image/png')).status).toBe(400);
  });

  it('needs a session; DELETE removes the avatar; unknown avatar addresses are 404', async () => {
    expect((await upload(new Uint8Array([1, 2, 3]), 'image/png', false)).status).toBe(401);
    const res = await ctx.app.request('/api/me/avatar', { method: 'DELETE', headers: { Cookie: cookie, Origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as MeResponse).profile.avatarUrl).toBeNull();
    expect((await ctx.app.request('/img/avatars/nobody/0123456789abcdef.webp')).status).toBe(404);
    expect((await ctx.app.request('/img/avatars/..%2F..%2Fetc/passwd')).status).toBe(404);
  });
});

describe('the files of replaced avatars', () => {
  it('a new picture, its removal and the account\'s deletion each delete the file of the picture shown before', async () => {
    const owner = await signUpVerified(ctx, 'avatar-files@example.com');
    const accepted = await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: 'zoro_avatar', countryCode: 'JP', ageConfirmed: true, tosAccepted: true }, { Cookie: owner }), method: 'POST' });
    expect(accepted.status).toBe(200);
    const send = async (background: string) => {
      const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background } }).png().toBuffer();
      const res = await ctx.app.request('/api/me/avatar', { method: 'PUT', body: new Uint8Array(picture), headers: { 'Content-Type': 'image/png', Origin: 'http://localhost:3000', Cookie: owner } });
      expect(res.status).toBe(200);
      return ((await res.json()) as MeResponse).profile.avatarUrl!;
    };
    const status = async (url: string) => (await ctx.app.request(url)).status;

    const first = await send('#27ae60');
    // The same picture again: the same file, kept.
    expect(await send('#27ae60')).toBe(first);
    expect(await status(first)).toBe(200);
    const second = await send('#2980b9');
    expect(second).not.toBe(first);
    expect([await status(first), await status(second)]).toEqual([404, 200]);

    const removed = await ctx.app.request('/api/me/avatar', { method: 'DELETE', headers: { Cookie: owner, Origin: 'http://localhost:3000' } });
    expect(removed.status).toBe(200);
    expect(await status(second)).toBe(404);

    const third = await send('#8e44ad');
    const deleted = await ctx.app.request('/api/me/delete', postJson({ confirmation: 'avatar-files@example.com' }, { Cookie: owner }));
    expect(deleted.status).toBe(204);
    expect(await status(third)).toBe(404);
  });
});

describe('an avatar linked from another site', () => {
  let linked: Awaited<ReturnType<typeof createAuthTestApp>>;
  let site: http.Server;
  let siteBase: string;
  const asked: string[] = [];

  beforeAll(async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#16a34a' } }).png().toBuffer();
    site = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/pic')) return res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not a picture</html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteBase = `http://localhost:${(site.address() as AddressInfo).port}`;
    linked = await createAuthTestApp({ avatarLinks: { timeoutMs: 2000, allowLoopback: true } });
  }, 60_000);

  afterAll(async () => {
    site.close();
    await linked.database.close();
  });

  it('is fetched once by the server, kept as our WebP and served from our origin; only the current link is ever fetched', async () => {
    const cookie = await signUpVerified(linked, 'linker@example.com');
    const accept = await linked.app.request('/api/me/accept-terms', { ...postJson({ username: 'zoro_link', countryCode: 'JP', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }), method: 'POST' });
    expect(accept.status).toBe(200);
    const patch = (avatarUrl: string) => linked.app.request('/api/me/profile', { ...postJson({ avatarUrl }, { Cookie: cookie }), method: 'PATCH' });

    const me = (await (await patch(`${siteBase}/pic/zoro.png`)).json()) as MeResponse;
    // The link is kept as given; what the browser loads is ours.
    expect(me.profile.avatarUrl).toBe(`${siteBase}/pic/zoro.png`);
    expect(me.user.avatarImage).toMatch(new RegExp(`^/img/avatars/link/${me.user.id}/[0-9a-f]{16}\\.webp$`));
    const profile = (await (await linked.app.request('/api/profiles/zoro_link')).json()) as PublicProfileResponse;
    expect(profile.avatarUrl).toBe(me.user.avatarImage);

    const first = await linked.app.request(me.user.avatarImage!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(256);
    expect((await linked.app.request(me.user.avatarImage!)).status).toBe(200);
    expect(asked.filter((u) => u === '/pic/zoro.png')).toHaveLength(1);

    // Another link: a new address; the old address no longer fetches anything (its hash is not the current link's).
    const next = (await (await patch(`${siteBase}/pic/zoro-2.png`)).json()) as MeResponse;
    expect(next.user.avatarImage).not.toBe(me.user.avatarImage);
    const made = `/img/avatars/link/${me.user.id}/0123456789abcdef.webp`;
    expect((await linked.app.request(made)).status).toBe(404);
    expect(asked).not.toContain('/pic/zoro-2.png');
    // A link that is not a picture: 404 (the page shows the initial), and not asked again at once.
    const page = (await (await patch(`${siteBase}/page.html`)).json()) as MeResponse;
    expect((await linked.app.request(page.user.avatarImage!)).status).toBe(404);
    expect((await linked.app.request(page.user.avatarImage!)).status).toBe(404);
    expect(asked.filter((u) => u === '/page.html')).toHaveLength(1);
  });

  it('is never fetched from a private or loopback address by a server configured as in production', async () => {
    const cookie = await signUpVerified(ctx, 'ssrf-avatar@example.com');
    await ctx.app.request('/api/me/accept-terms', { ...postJson({ username: 'ssrf_avatar', countryCode: 'JP', ageConfirmed: true, tosAccepted: true }, { Cookie: cookie }), method: 'POST' });
    const res = await ctx.app.request('/api/me/profile', { ...postJson({ avatarUrl: `${siteBase}/pic/inside.png` }, { Cookie: cookie }), method: 'PATCH' });
    expect(res.status, await res.clone().text()).toBe(200);
    const me = (await res.json()) as MeResponse;
    expect(me.user.avatarImage).toMatch(/^\/img\/avatars\/link\//);
    expect((await ctx.app.request(me.user.avatarImage!)).status).toBe(404);
    expect(asked).not.toContain('/pic/inside.png');
  });
});
