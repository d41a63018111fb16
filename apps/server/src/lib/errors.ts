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

/** A field-level problem of a refused request. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/**
 * The body of every error answer, `{ "error": { "code", "message", …more } }` (ErrorResponse in core's contracts):
 * the one place it is written, for AppError, unknown routes, refused input and body limits alike.
 */
export function errorBody(code: ErrorCode, message: string, more?: { issues?: ErrorIssue[] } & Record<string, unknown>) {
  return { error: { code, message, ...more } };
}

/** The body of an AppError's answer: its code, message, issues when it has any, and its extra fields. */
export const appErrorBody = (err: AppError) => errorBody(err.code, err.message, { ...(err.issues ? { issues: err.issues } : {}), ...err.extra });
