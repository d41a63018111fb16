import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in';
import { diskStore, s3Store, type S3Config } from './object-store';

describe('disk object store', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-store-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps an object under its key, answers null for a missing one, and leaves no partial file', async () => {
    const store = diskStore(dir);
    await store.put('cards/12/320.webp', Buffer.from('thumb'), 'image/webp');
    expect((await store.get('cards/12/320.webp'))?.toString()).toBe('thumb');
    expect(await store.get('cards/13/320.webp')).toBeNull();
    expect(fs.readdirSync(path.join(dir, 'cards/12'))).toEqual(['320.webp']);
  });

  it('deletes an object, and deleting a missing one is no error', async () => {
    const store = diskStore(dir);
    await store.put('avatars/u1/0123456789abcdef.webp', Buffer.from('face'), 'image/webp');
    await store.delete('avatars/u1/0123456789abcdef.webp');
    expect(await store.get('avatars/u1/0123456789abcdef.webp')).toBeNull();
    await expect(store.delete('avatars/u1/0123456789abcdef.webp')).resolves.toBeUndefined();
    await expect(store.delete('../outside')).rejects.toThrow(/invalid object key/);
  });

  it('refuses a key that could leave the directory', async () => {
    const store = diskStore(dir);
    for (const key of ['../outside', 'cards/../../etc/passwd', '/abs', 'a//b', '']) await expect(store.get(key), key).rejects.toThrow(/invalid object key/);
  });
});

describe('S3 object store (against a local stand-in that checks each signature)', () => {
  let s3: S3StandIn;
  const config = (over: Partial<S3Config> = {}): S3Config => ({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    timeoutMs: 1000,
    maxBytes: 1024,
    retries: 2,
    ...over,
  });
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  it('puts and gets an object path-style under the prefix, signed (SigV4), with its content type', async () => {
    const store = s3Store(config({ prefix: 'grandline/' }));
    await store.put('cards/7/160.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(s3.objects.get('grandline/cards/7/160.webp')).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect((await store.get('cards/7/160.webp'))?.toString()).toBe('webp bytes');
    expect(await store.get('cards/8/160.webp')).toBeNull();
    expect(s3.requests.slice(-3)).toEqual([`PUT /${s3.bucket}/grandline/cards/7/160.webp`, `GET /${s3.bucket}/grandline/cards/7/160.webp`, `GET /${s3.bucket}/grandline/cards/8/160.webp`]);
  });

  it('deletes an object (signed), and deleting a missing one is no error', async () => {
    const store = s3Store(config({ prefix: 'grandline/' }));
    await store.put('avatars/u1/0123456789abcdef.webp', Buffer.from('face'), 'image/webp');
    await store.delete('avatars/u1/0123456789abcdef.webp');
    expect(s3.objects.has('grandline/avatars/u1/0123456789abcdef.webp')).toBe(false);
    await expect(store.delete('avatars/u1/0123456789abcdef.webp')).resolves.toBeUndefined();
    expect(s3.requests.at(-1)).toBe(`DELETE /${s3.bucket}/grandline/avatars/u1/0123456789abcdef.webp`);
    await expect(s3Store(config({ secretAccessKey: 'not-the-secret' })).delete('avatars/u1/x.webp')).rejects.toThrow(/403/);
  });

  it('fails loudly when the bucket refuses the signature (wrong secret)', async () => {
    const store = s3Store(config({ secretAccessKey: 'not-the-secret' }));
    await expect(store.put('cards/1/160.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
    await expect(store.get('cards/7/160.webp')).rejects.toThrow(/403/);
  });

  it('retries after a 5xx, and gives up after its retries', async () => {
    const store = s3Store(config());
    s3.failNext(2);
    await store.put('cards/2/160.webp', Buffer.from('after two failures'), 'image/webp');
    expect(s3.objects.get('cards/2/160.webp')?.body.toString()).toBe('after two failures');
    s3.failNext(3);
    await expect(store.get('cards/2/160.webp')).rejects.toThrow(/500/);
  });

  it('refuses an object larger than its cap, and stops waiting at its time-out', async () => {
    const store = s3Store(config({ maxBytes: 16 }));
    await store.put('cards/3/640.webp', Buffer.alloc(64, 1), 'image/webp');
    await expect(store.get('cards/3/640.webp')).rejects.toThrow(/larger than 16 bytes/);
    s3.hang(true);
    const started = performance.now();
    await expect(s3Store(config({ timeoutMs: 300, retries: 0 })).get('cards/3/640.webp')).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
    s3.hang(false);
  });
});
