import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A local HTTP server standing in for an S3-compatible bucket in tests: GET, PUT and DELETE of objects addressed path-style
 * (`/{bucket}/{key}`), each request's AWS Signature V4 checked against the credentials it was given (a request signed
 * otherwise is answered 403, as S3 does). `failNext` makes the next answers 500 (retries), `hang` never answers.
 */
export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as "METHOD /path", in order. */
  requests: string[];
  failNext(count: number): void;
  hang(on: boolean): void;
  close(): Promise<void>;
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = 'grandline-test';
  const region = 'eu-test-1';
  const accessKeyId = 'AKIDSTANDIN';
  const secretAccessKey = 'stand-in-secret-key';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  let failures = 0;
  let hanging = false;
  const held = new Set<http.ServerResponse>();

  async function signatureOk(req: http.IncomingMessage, url: string): Promise<boolean> {
    const authorization = req.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const datetime = req.headers['x-amz-date'];
    if (!signed.length || typeof datetime !== 'string' || !authorization.includes(`Credential=${accessKeyId}/`)) return false;
    const headers = new Headers();
    for (const name of signed) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const expected = await new AwsV4Signer({ method: req.method, url, headers, accessKeyId, secretAccessKey, service: 's3', region, datetime }).sign();
    return expected.headers.get('authorization') === authorization;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '/';
        requests.push(`${req.method} ${path}`);
        if (hanging) {
          held.add(res);
          return;
        }
        if (failures > 0) {
          failures--;
          res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
          return;
        }
        if (!(await signatureOk(req, `${base}${path}`))) {
          res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const prefix = `/${bucket}/`;
        if (!path.startsWith(prefix)) {
          res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
          return;
        }
        const key = decodeURIComponent(path.slice(prefix.length));
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] ?? 'application/octet-stream' });
          res.writeHead(200).end();
          return;
        }
        if (req.method === 'DELETE') {
          // As S3: 204 whether or not the object was there.
          objects.delete(key);
          res.writeHead(204).end();
          return;
        }
        const object = objects.get(key);
        if (req.method !== 'GET' || !object) {
          res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          return;
        }
        res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': String(object.body.length) }).end(object.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext: (count) => {
      failures = count;
    },
    hang: (on) => {
      hanging = on;
      if (!on) for (const res of held) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
