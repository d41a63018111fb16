import type { Logger } from '../../lib/logger';

/**
 * What the auth library logs about a request a client got wrong (an unknown callback address, a provider it does not
 * offer, the same e-mail twice): an answer the client already has, not a fault of the server. Matched on the
 * library's own texts; anything else it logs at error level stays an error.
 */
const CLIENT_MISTAKES = [
  /^Invalid [A-Za-z ]+: /,
  /^Email is the same$/,
  /^Verification email isn't enabled\.?$/,
  /^Provider not found\b/,
  /^Provider does not support id token verification$/,
  /^Delete user is disabled\b/,
  /^Change email with OTP is disabled\.?$/,
];

/** Client mistakes logged per kind and minute; the rest of the minute is counted and reported once. */
export const CLIENT_MISTAKES_PER_MINUTE = 10;

/** The kind of a message: its text up to the first colon (the part that names the mistake, not the client's input). */
const kindOf = (message: string) => message.split(':')[0]!.slice(0, 80);

/**
 * The auth library's logger: errors stay errors, except a client's mistakes, which are logged at info level and at
 * most CLIENT_MISTAKES_PER_MINUTE times a minute per kind (a client sending a bad address in a loop once wrote an
 * error line per request); warnings stay warnings, the rest is debug.
 */
export function authLibraryLogger(log: Logger, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; logged: number; dropped: number }>();
  const clientMistake = (message: string) => {
    const kind = kindOf(message);
    let window = windows.get(kind);
    const t = now();
    if (!window || t - window.start >= 60_000) {
      if (window?.dropped) log.info({ auth: true, kind, dropped: window.dropped }, 'auth: more client mistakes of this kind in the last minute were not logged');
      window = { start: t, logged: 0, dropped: 0 };
      windows.set(kind, window);
      // A bounded map: kinds are the library's own texts, but a cut-off message could still vary.
      if (windows.size > 100) windows.delete(windows.keys().next().value!);
    }
    if (window.logged >= CLIENT_MISTAKES_PER_MINUTE) {
      window.dropped++;
      return;
    }
    window.logged++;
    log.info({ auth: true, clientMistake: true }, message);
  };
  return {
    log: (level: string, message: string, ...args: unknown[]) => {
      if (level === 'error' && CLIENT_MISTAKES.some((pattern) => pattern.test(message))) return clientMistake(message);
      const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
      fn({ auth: true, args: args.length ? args : undefined }, message);
    },
  };
}
