import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Where the server keeps files it makes (card thumbnails; later avatars): a directory on the local disk by default,
 * or an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) when S3_* is configured, so that several replicas
 * share what one of them made. Keys are relative paths such as `cards/12/320.webp`.
 */
export interface ObjectStore {
  /** The object, or null when there is none. Throws when the store cannot be read (the caller decides). */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where objects go, for logs and the CLI (never the credentials). */
  readonly description: string;
}

/** Keys are made by our code; this keeps a mistake from ever naming a path outside the store. */
const SAFE_KEY = /^[a-z0-9]+(?:[/._-][a-z0-9]+)*$/i;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid object key: ${key}`);
}

export function diskStore(dir: string): ObjectStore {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(dir, ...key.split('/'));
  };
  return {
    description: dir,
    async get(key) {
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, and a crash leaves no broken one.
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}

export interface S3Config {
  /** The service's address, e.g. https://s3.eu-west-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key (e.g. `grandline/`), so one bucket can hold several things. */
  prefix?: string;
  /** Longest wait for one answer, in milliseconds. */
  timeoutMs: number;
  /** Largest object read back, in bytes (a bigger answer is refused, not buffered). */
  maxBytes: number;
  /** Extra attempts after a network error or a 5xx (default 2). */
  retries?: number;
}

/**
 * An S3-compatible bucket, addressed path-style (`{endpoint}/{bucket}/{key}`, which every S3-compatible service
 * accepts), each request signed with AWS Signature V4 by aws4fetch.
 */
export function s3Store(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: config.retries ?? 2,
    initRetryMs: 100,
  });
  const endpoint = new URL(config.endpoint);
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}/`;
  const urlOf = (key: string) => {
    checkKey(key);
    return `${base}${config.prefix ?? ''}${key}`;
  };
  return {
    description: `${base}${config.prefix ?? ''}`,
    async get(key) {
      const res = await client.fetch(urlOf(key), { method: 'GET', signal: AbortSignal.timeout(config.timeoutMs) });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`object store answered ${res.status} for ${key}`);
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > config.maxBytes) {
        await res.body?.cancel();
        throw new Error(`object ${key} is larger than ${config.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body ?? []) {
        size += (chunk as Uint8Array).length;
        if (size > config.maxBytes) throw new Error(`object ${key} is larger than ${config.maxBytes} bytes`);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      return Buffer.concat(chunks);
    },
    async put(key, body, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType, 'content-length': String(body.length) },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`object store answered ${res.status} when storing ${key}`);
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE', signal: AbortSignal.timeout(config.timeoutMs) });
      await res.body?.cancel();
      // S3 answers 204 whether or not the object was there; some compatible services answer 404 for a missing one.
      if (!res.ok && res.status !== 404) throw new Error(`object store answered ${res.status} when deleting ${key}`);
    },
  };
}

/** A store in this process's memory: tests, and a server started without a place for files (nothing is kept across restarts). */
export function memoryStore(): ObjectStore {
  const objects = new Map<string, Buffer>();
  return {
    description: 'memory',
    async get(key) {
      checkKey(key);
      return objects.get(key) ?? null;
    },
    async put(key, body) {
      checkKey(key);
      objects.set(key, body);
    },
    async delete(key) {
      checkKey(key);
      objects.delete(key);
    },
  };
}
