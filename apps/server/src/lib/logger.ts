import pino from 'pino';

export type Logger = pino.Logger;

/** Longest text written in a log line: user input (a 1 MB e-mail, an error quoting a query's parameters) is cut. */
export const MAX_LOG_TEXT = 2000;

const cut = (text: string) => (text.length > MAX_LOG_TEXT ? `${text.slice(0, MAX_LOG_TEXT)}… (${text.length - MAX_LOG_TEXT} more characters)` : text);

/** A value with its strings cut and its nesting and lists bounded, for a log line of reasonable size. */
function boundedForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[…]';
  if (value instanceof Error) return boundedForLog(pino.stdSerializers.err(value), depth);
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => boundedForLog(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 50)
      .map(([key, item]) => [key, boundedForLog(item, depth + 1)]),
  );
}

/**
 * One-time secrets that travel in a request's path: the password-reset link is /api/auth/reset-password/{token}
 * (confirmation tokens travel in the query, which request lines leave out). Logged paths show them redacted, so
 * the link stays with the owner of the address, whatever the log level.
 */
const SECRET_IN_PATH = /(\/reset-password\/)[^/?#]+/g;

/** A request path fit for the log: one-time tokens replaced by [redacted]. */
export const redactPath = (path: string) => path.replace(SECRET_IN_PATH, '$1[redacted]');

const forLog = (key: string, item: unknown) => (key === 'err' ? item : boundedForLog(key === 'path' && typeof item === 'string' ? redactPath(item) : item));

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'grand-line' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: (err: Error) => boundedForLog(err) },
      formatters: { log: (object) => Object.fromEntries(Object.entries(object).map(([key, item]) => [key, forLog(key, item)])) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? cut(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
