import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

/** Defaults of MAX_JSON_BODY_BYTES and MAX_UPLOAD_BYTES. */
export const DEFAULT_MAX_JSON_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Routes whose body is a file (binder import): they get the upload limit, every other /api body the JSON one. */
const UPLOAD_ROUTES = [/^\/api\/binders\/[^/]+\/import$/];

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Every request body under /api has a size limit, checked before it is read in full: a Content-Length above it is
 * refused at once, a chunked body as soon as it passes it. 413 with PAYLOAD_TOO_LARGE (FILE_TOO_LARGE for uploads).
 */
export const apiBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { maxJsonBodyBytes, maxUploadBytes } = c.var.deps.config;
  const upload = UPLOAD_ROUTES.some((route) => route.test(c.req.path));
  const maxSize = upload ? maxUploadBytes : maxJsonBodyBytes;
  return bodyLimit({
    maxSize,
    onError: (ctx) =>
      ctx.json(
        upload
          ? { error: { code: 'FILE_TOO_LARGE', message: `The file is larger than ${megabytes(maxSize)}`, limit: maxSize } }
          : { error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${megabytes(maxSize)}`, limit: maxSize } },
        413,
      ),
  })(c, next);
});
