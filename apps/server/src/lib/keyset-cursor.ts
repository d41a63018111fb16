import { AppError } from './errors';

/**
 * The opaque cursor of a keyset page (newest first over a timestamp(3) and an id): the last row's time and id, as
 * base64url text. Lists of follows and of comments share it.
 */
export interface KeysetCursor {
  at: Date;
  id: string;
}

/** Earliest and latest times a cursor may carry: PostgreSQL refuses timestamps outside its range, and NUL in text (a 500, not a 400). */
const EARLIEST = Date.UTC(1, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

export function encodeCursor({ at, id }: KeysetCursor): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The cursor's time and id, or 400 'Invalid page cursor' for anything this app did not write. */
export function decodeCursor(text: string): KeysetCursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const time = at.getTime();
  if (!id || id.length > 64 || id.includes('\u0000') || Number.isNaN(time) || time < EARLIEST || time > LATEST) {
    throw new AppError('VALIDATION_ERROR', 400, 'Invalid page cursor', [{ path: 'cursor', message: 'Invalid page cursor' }]);
  }
  return { at, id };
}
