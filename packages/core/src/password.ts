/**
 * The common-password rule (docs/decisions/006-hardening.md), shared by the server (sign-up, password reset,
 * password change) and the web forms (shown before submit). On top of the spec's composition rules
 * (contracts/auth.ts Password), a password must not be common or easy to guess: zxcvbn (offline dictionaries of
 * common passwords and words, keyboard walks, sequences, repeats, dates, l33t) must estimate at least 10^6
 * guesses (score 2 or more). Every entry of the common-passwords list and its simple variations ("Password123",
 * "Qwerty123", "Monkey123") scores below that.
 *
 * The dictionaries (about 1 MB) are loaded on first use with a dynamic import: a chunk of their own in the
 * browser, loaded only by the screens that set a password.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** The lowest zxcvbn score accepted: 2 = at least 10^6 estimated guesses. */
const MIN_PASSWORD_SCORE = 2;

/** The message key (and, as PASSWORD_COMMON, the error code) of a password refused by this rule. */
export const PASSWORD_COMMON_KEY = 'validation.passwordCommon';

/**
 * Only the first characters are scored: zxcvbn's pattern search grows quickly with length (a 128-character
 * l33t string takes over half a second), and a password whose first 64 characters are hard to guess is too.
 */
const SCORED_LENGTH = 64;

/** Words that make a password easy to guess on this site in particular. */
const SITE_WORDS = ['grandline', 'grand line', 'onepiece', 'one piece'];

let loading: Promise<ZxcvbnFactory> | undefined;

/** The password scorer with its dictionaries, loaded once; call it early to have it ready. */
export function loadPasswordChecker(): Promise<ZxcvbnFactory> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: SCORED_LENGTH }),
    (err: unknown) => {
      loading = undefined; // a failed download (browser offline) is tried again next time
      throw err;
    },
  );
  return loading;
}

/** The words of an e-mail address a password should not be made of: the address, its name and its domain. */
function emailWords(email: string | undefined): string[] {
  const address = email?.trim().toLowerCase();
  if (!address) return [];
  const [name = '', domain = ''] = address.split('@');
  return [address, name, ...name.split(/[._+-]+/), ...domain.split('.')].filter((w) => w.length >= 3);
}

/**
 * PASSWORD_COMMON_KEY when the password is common or easy to guess, null when it is accepted. `email` (known at
 * sign-up) adds the address's words to those a password must not be built from.
 */
export async function commonPasswordIssue(password: string, { email }: { email?: string } = {}): Promise<typeof PASSWORD_COMMON_KEY | null> {
  const zxcvbn = await loadPasswordChecker();
  const { score } = zxcvbn.check(password, [...SITE_WORDS, ...emailWords(email)]);
  return score >= MIN_PASSWORD_SCORE ? null : PASSWORD_COMMON_KEY;
}
