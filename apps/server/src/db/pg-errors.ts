/**
 * PostgreSQL errors the services turn into answers for the user (a taken name, an item that already exists), in one
 * place for every feature. The drivers (pg, PGlite) put the SQLSTATE in `code`; drizzle wraps a failed query in an
 * error whose `cause` is the driver's error, so both are looked at.
 * Codes: https://www.postgresql.org/docs/current/errcodes-appendix.html
 */

/** Whether a database error, or the driver error it wraps, has this SQLSTATE. */
export function hasPgErrorCode(err: unknown, sqlState: string): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } | null } | null | undefined;
  return e?.code === sqlState || e?.cause?.code === sqlState;
}

/** unique_violation (23505): a row with the same unique key exists. */
export const isUniqueViolation = (err: unknown): boolean => hasPgErrorCode(err, '23505');
