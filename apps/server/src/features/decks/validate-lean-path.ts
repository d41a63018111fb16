import type { IncomingMessage, ServerResponse } from 'node:http';
import { ValidateDeckListRequest } from '@grandline/core/contracts/decks';
import type { Db } from '../../db/client';
import { publicOrigin, writeOriginAllowed } from '../../lib/auth-gate';
import { API_HEADERS } from '../../lib/security-headers';
import type { NodeHandler } from '../../http-server';
import { validateDeckListJson } from './deck-validation';

const PATH = '/api/decks/validate';
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

/**
 * POST /api/decks/validate's usual request answered straight from Node's request, without building a fetch Request,
 * the framework's context and its middleware chain (ADR 014): the public deck-list check is the API's one write that
 * anyone may send at a high rate, and the framework's share was about half of its server time.
 *
 * Only the plain case is taken: a JSON body with a declared length within the JSON limit, allowed by the same origin
 * rule as every write (writeOriginAllowed), parsed by the route's own schema, the short answer. Everything else (no
 * or another content type, a streamed or too large body, bad JSON, a schema error, an error of the check, the
 * editor's `withCards`) goes to the full app with the bytes already read, so its answer — status, error JSON,
 * headers — is the route's, from one place. The route in decks.routes.ts stays the contract and the OpenAPI entry.
 * A middleware added to every API request must be reflected here too (validate-lean-path.test.ts compares answers).
 */
export function validateLeanPath({
  db,
  maxJsonBodyBytes,
  publicUrl,
  app,
}: {
  db: Db;
  maxJsonBodyBytes: number;
  publicUrl: string | undefined;
  /** The full app: the answer to every request this path does not take. */
  app: (request: Request) => Response | Promise<Response>;
}): NodeHandler {
  const allowed = publicOrigin(publicUrl);
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== PATH) return false;
    const { headers } = req;
    const declared = headers['content-length'];
    if (declared === undefined || headers['transfer-encoding'] !== undefined || !(Number(declared) <= maxJsonBodyBytes)) return false;
    if (!JSON_TYPE.test(headers['content-type'] ?? '')) return false;
    const url = `http://${headers.host ?? 'localhost'}${PATH}`;
    if (!writeOriginAllowed({ origin: headers.origin, cookie: headers.cookie, referer: headers.referer }, allowed, url)) return false;
    answer(req, res, url).catch(() => {
      // The full app answers every error itself; this is a broken connection while writing.
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
    return true;
  };

  async function answer(req: IncomingMessage, res: ServerResponse, url: string) {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      // The client went away or sent less than it declared: nobody to answer.
      if (!res.headersSent) res.destroy();
      return;
    }
    try {
      const parsed = ValidateDeckListRequest.safeParse(JSON.parse(body.toString('utf8')));
      if (parsed.success && !parsed.data.withCards) {
        const json = await validateDeckListJson({ db, ...parsed.data });
        const payload = Buffer.from(json, 'utf8');
        res.writeHead(200, [...API_HEADERS.flat(), 'Content-Type', 'application/json', 'Content-Length', String(payload.length)]);
        res.end(payload);
        return;
      }
    } catch {
      // Bad JSON or an error of the check: the full app answers it below, as it would have.
    }
    await sendFromApp(req, res, url, body);
  }

  async function sendFromApp(req: IncomingMessage, res: ServerResponse, url: string, body: Buffer) {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const response = await app(new Request(url, { method: 'POST', headers, body: new Uint8Array(body) }));
    const payload = Buffer.from(await response.arrayBuffer());
    const out: string[] = [];
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') out.push(name, value);
    });
    res.writeHead(response.status, [...out, 'Content-Length', String(payload.length)]);
    res.end(payload);
  }
}

/** The request's body: Node's HTTP parser delivers no more bytes than Content-Length, which the caller checked. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    req.on('data', (piece: Buffer) => pieces.push(piece));
    req.once('end', () => resolve(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('aborted')));
  });
}
