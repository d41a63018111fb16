import type { ErrorCode } from '@grandline/core/contracts/errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error meant for the user: a stable code, an HTTP status and an English message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** More fields of the error object (e.g. an import's failure list). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(code, 404, message);
