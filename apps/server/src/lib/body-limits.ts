import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { AppError, errorBody } from './errors';

/** Defaults of MAX_JSON_BODY_BYTES and MAX_UPLOAD_BYTES. */
export const DEFAULT_MAX_JSON_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Routes whose body is a file (binder import, admin price files, a tournament's two documents, an avatar): they get the upload limit, every other /api body the JSON one. */
const UPLOAD_ROUTES = [/^\/api\/binders\/[^/]+\/import$/, /^\/api\/admin\/prices\/upload$/, /^\/api\/admin\/tournaments\/upload$/, /^\/api\/me\/avatar$/];
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const tooLarge = (c: Context, upload: boolean, maxSize: number) =>
  c.json(
    upload
      ? errorBody('FILE_TOO_LARGE', `The file is larger than ${megabytes(maxSize)}`, { limit: maxSize })
      : errorBody('PAYLOAD_TOO_LARGE', `The request body is larger than ${megabytes(maxSize)}`, { limit: maxSize }),
    413,
  );

/**
 * Every request body under /api has a size limit, checked before it is read in full: a Content-Length above it is
 * refused at once, a streamed (chunked) body as soon as it passes it. 413 with PAYLOAD_TOO_LARGE (FILE_TOO_LARGE for
 * uploads). Only headers are read here: reaching for the body would make the server build a full Request for every
 * request, which cost 10× the throughput of GET /api/health.
 */
export const apiBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (WITHOUT_BODY.has(c.req.method)) return next();
  const { maxJsonBodyBytes, maxUploadBytes } = c.var.deps.config;
  const upload = UPLOAD_ROUTES.some((route) => route.test(c.req.path));
  const maxSize = upload ? maxUploadBytes : maxJsonBodyBytes;
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    return Number(length) > maxSize ? tooLarge(c, upload, maxSize) : next();
  }
  return bodyLimit({ maxSize, onError: (ctx) => tooLarge(ctx, upload, maxSize) })(c, next);
});

/**
 * An upload's bytes in the pieces they arrived in, read from the connection when the request declared its size (the
 * limit above was checked on it, and the HTTP parser delivers no byte past it): a 10 MB file is never joined into one
 * buffer and copied again into another, two 30 ms stalls of the whole server. Otherwise (a streamed body, a request
 * made in process) the body as one piece, through the limit's own reader.
 */
async function uploadPieces(c: Context<AppEnv>): Promise<Uint8Array[]> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const declared = c.req.header('content-length');
  if (!incoming || declared === undefined || c.req.header('transfer-encoding') !== undefined || incoming.readableDidRead) {
    return [new Uint8Array(await c.req.arrayBuffer())];
  }
  const pieces: Uint8Array[] = [];
  for await (const piece of incoming as AsyncIterable<Buffer>) pieces.push(piece);
  return pieces;
}

/** The media type of a request, lower case, without its parameters; '' when none was sent. */
const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * An upload's file, from any upload route: the body itself when its type is one the route reads as a file (`accepts`),
 * or the part named `file` of a multipart/form-data body. Any other type is answered 415 before a byte of the body is
 * read — a form or JSON body is never taken for the file's text. Call it after the route's sign-in check, so a
 * signed-out client is answered 401 first.
 */
export async function uploadFile(c: Context<AppEnv>, accepts: (type: string) => boolean, expected: string): Promise<Uint8Array[]> {
  const type = mediaType(c);
  if (type === 'multipart/form-data') {
    const part = (await c.req.parseBody())['file'];
    if (!(part instanceof Blob) || part.size === 0) throw new AppError('NO_FILE', 400, 'No file was uploaded (a multipart body needs a part named "file")');
    return [new Uint8Array(await part.arrayBuffer())];
  }
  if (!accepts(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, `Send the file as ${expected}, or as multipart/form-data with a part named "file"`, undefined, { contentType: type || null });
  }
  return uploadPieces(c);
}

/** Types a CSV or a text list arrives as: what browsers and operating systems label such files with. */
const TEXT_FILE_TYPES = new Set(['text/csv', 'text/plain', 'text/tab-separated-values', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream']);
export const isTextFileType = (type: string) => TEXT_FILE_TYPES.has(type);

/** A route whose body must be multipart/form-data (admin price files): anything else is 415 before it is read. */
export const requireMultipart = createMiddleware<AppEnv>(async (c, next) => {
  if (mediaType(c) !== 'multipart/form-data') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the files as multipart/form-data', undefined, { contentType: mediaType(c) || null });
  }
  return next();
});
