import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for the price and rate sources in tests: it answers the paths production asks for
 * (through the same base-URL settings) with the sample files of fixtures/formats, or with what a test sets.
 */
export interface FeedServer {
  url: string;
  /** Every path asked, in order (with the query string). */
  requests: string[];
  /** Headers of the last request of a path. */
  headers: Map<string, http.IncomingHttpHeaders>;
  set(path: string, answer: FeedAnswer): void;
  close(): Promise<void>;
}

export type FeedAnswer =
  | { json: unknown }
  | { status: number; body?: string; headers?: Record<string, string> }
  /** One answer per request, in order; the last one repeats. */
  | { sequence: FeedAnswer[] }
  | { raw: string }
  | { hang: true }
  /** Binary content (images) with its type; `chunked` leaves out Content-Length. */
  | { bytes: Uint8Array; contentType: string; chunked?: boolean };

const FORMATS_DIR = new URL('../../../../fixtures/formats/', import.meta.url);
export const sampleJson = (path: string) => JSON.parse(readFileSync(new URL(path, FORMATS_DIR), 'utf8')) as unknown;

export async function startFeedServer(routes: Record<string, FeedAnswer> = {}): Promise<FeedServer> {
  const answers = new Map(Object.entries(routes));
  const requests: string[] = [];
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    headers.set(path.split('?')[0]!, req.headers);
    const key = answers.has(path) ? path : path.split('?')[0]!;
    let answer = answers.get(key);
    if (answer && 'sequence' in answer) {
      const [next, ...rest] = answer.sequence;
      if (rest.length) answers.set(key, { sequence: rest });
      answer = next;
    }
    if (!answer) {
      res.writeHead(404).end('not found');
      return;
    }
    if ('hang' in answer) {
      hanging.add(res);
      return;
    }
    if ('bytes' in answer) {
      res.writeHead(200, { 'Content-Type': answer.contentType, ...(answer.chunked ? {} : { 'Content-Length': String(answer.bytes.byteLength) }) });
      res.end(answer.bytes);
      return;
    }
    if ('status' in answer) {
      res.writeHead(answer.status, { 'Content-Type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
      return;
    }
    if ('sequence' in answer) return void res.writeHead(500).end('empty sequence');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('raw' in answer ? answer.raw : JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    set: (path, answer) => void answers.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The tcgcsv site of the samples: the hand-written OP-01 group (formats/tcgcsv/*.example.json) and the real groups of
 * formats/tcgcsv/real (ST-01 PRE, promotions, PRB-01, OP16, OP17 RE). The example lists two more groups (OP02, EB-02)
 * with no sample rows: they answer an empty product and price list.
 */
export function tcgcsvSite(): Record<string, FeedAnswer> {
  const site: Record<string, FeedAnswer> = {};
  const exampleGroups = sampleJson('tcgcsv/groups.68.example.json') as { results: unknown[] };
  const real = sampleJson('tcgcsv/real/tcgcsv_don_promo_prb01_op16.json') as { groups: unknown[]; products: Record<string, unknown[]>; prices: Record<string, unknown[]> };
  const op17 = sampleJson('tcgcsv/real/tcgcsv_op17_release_event.json') as { group: { groupId: number }; products: unknown[]; prices: unknown[] };
  const envelope = (results: unknown[]) => ({ json: { totalItems: results.length, success: true, errors: [], results } });
  site['/tcgplayer/68/groups'] = envelope([...exampleGroups.results, ...real.groups, op17.group]);
  site['/tcgplayer/68/3188/products'] = { json: sampleJson('tcgcsv/products.68.3188.example.json') };
  site['/tcgplayer/68/3188/prices'] = { json: sampleJson('tcgcsv/prices.68.3188.example.json') };
  for (const id of ['3225', '23834']) {
    site[`/tcgplayer/68/${id}/products`] = envelope([]);
    site[`/tcgplayer/68/${id}/prices`] = { json: { success: true, errors: [], results: [] } };
  }
  for (const [id, products] of Object.entries(real.products)) {
    site[`/tcgplayer/68/${id}/products`] = envelope(products);
    site[`/tcgplayer/68/${id}/prices`] = { json: { success: true, errors: [], results: real.prices[id] ?? [] } };
  }
  site[`/tcgplayer/68/${op17.group.groupId}/products`] = envelope(op17.products);
  site[`/tcgplayer/68/${op17.group.groupId}/prices`] = { json: { success: true, errors: [], results: op17.prices } };
  return site;
}

/** The rate sources of the samples: Frankfurter (hand-written documented shape) and open.er-api (real, 2024-08-19). */
export function fxSite(): Record<string, FeedAnswer> {
  return {
    '/frankfurter/latest': { json: sampleJson('fx/frankfurter-latest-USD.example.json') },
    '/er/latest/USD': { json: sampleJson('fx/open-er-api-latest-USD.json') },
  };
}
