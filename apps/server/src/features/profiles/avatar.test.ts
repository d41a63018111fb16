/**
 * Avatars (issue 18): a picture sent to PUT /api/me/avatar is kept as a 256-pixel WebP without metadata and served under
 * /img/avatars/ with a long cache; what is not a picture, too large, or a decompression bomb is refused with a message.
 */
import type { MeResponse } from '@grandline/core/contracts/account';
import type { PublicProfileResponse } from '@grandline/core/contracts/profiles';
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
