import type { DbEvents } from '../db/client';
import type { PlanFacts } from './plans';

/**
 * Signed-in requests without a database round trip (issue 20): what a session cookie resolved to — the user, and
 * later in the request the terms state and the GET /api/me answer — kept in this process for a short time.
 *
 * - The key is the session cookie's value as the browser sends it (the token and its signature). Only a value the
 *   authentication library has accepted is ever stored, so a forged or guessed cookie never hits.
 * - An entry lives until the first of: the cache's TTL (SESSION_CACHE_TTL_MS, the backstop), the session's own expiry.
 * - Revocation is immediate: sign-out, a revoked or deleted session, a password change, a user change (role, e-mail,
 *   terms, profile, deletion) call `invalidateUser`, which drops that user's entries here at once and, through the
 *   `sessions` channel (PostgreSQL LISTEN/NOTIFY; in-process on the embedded database), on every other replica.
 * - A lookup that began before an invalidation is not stored (the `epoch` check): a session revoked while its lookup
 *   was in flight is not cached as valid.
 */
/** The signed-in user of a request (c.var.user), as the authentication library's session reports it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  role?: string | null;
}

export interface CachedSession {
  user: SessionUser;
  /** The session's own expiry (ms since the epoch). */
  sessionExpiresAt: number;
  /** When the entry stops being used (ms since the epoch). */
  staleAt: number;
  /** Filled by the terms gate, and by GET /api/me, the first time a request needs them. */
  terms?: TermsStateValue;
  /** The user's subscription and complimentary plan (lib/plans.ts), read with the session or by the first gate that needs them. */
  plan?: PlanFacts;
  me?: unknown;
}

export interface TermsStateValue {
  tosAccepted: boolean;
  tosVersion: string | null;
  tosTimestamp: string | null;
  currentTosVersion: string;
}

/**
 * What a session cookie resolved to on a cache miss (features/auth/session-lookup.ts): nothing (no valid signature),
 * a session with its user and terms state read in one statement, or a case left to the authentication library.
 */
export type SessionLookup =
  | { kind: 'none' }
  | { kind: 'library' }
  | { kind: 'found'; user: SessionUser; sessionExpiresAt: number; terms: TermsStateValue; plan: PlanFacts };

export const SESSIONS_CHANNEL = 'sessions';

/** The session cookie's names: plain, and with the prefix secure cookies get (better-auth's defaults). */
export const SESSION_COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/** The value of the session cookie in a Cookie header, or null when it has none. */
export function sessionCookieValue(cookie: string | null | undefined, names: readonly string[] = SESSION_COOKIE_NAMES): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (names.includes(part.slice(0, eq).trim())) {
      const value = part.slice(eq + 1).trim();
      if (value) return value;
    }
  }
  return null;
}

/** The most entries kept: past it the oldest go first (each is a few hundred bytes). */
const MAX_ENTRIES = 50_000;

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly keysOfUser = new Map<string, Set<string>>();
  private events: DbEvents | null = null;
  /** Moves on every invalidation: a lookup started under another epoch is not stored. */
  epoch = 0;

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** The session cookie's names; the library sets one of them (the secure one on https). */
    private readonly cookieNames: readonly string[] = SESSION_COOKIE_NAMES,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The session cookie of a request (its value), or null when it has none. */
  keyOf(headers: Headers): string | null {
    return sessionCookieValue(headers.get('cookie'), this.cookieNames);
  }

  get(key: string): CachedSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.staleAt || now >= entry.sessionExpiresAt) {
      this.drop(key, entry.user.id);
      return undefined;
    }
    return entry;
  }

  /** Stores what a cookie resolved to, unless an invalidation happened since `epoch` was read (or caching is off). */
  set(key: string, user: SessionUser, sessionExpiresAt: number, epoch: number, extra: Pick<CachedSession, 'terms' | 'plan'> = {}): CachedSession {
    const entry: CachedSession = { user, sessionExpiresAt, staleAt: this.now() + this.ttlMs, ...extra };
    if (!this.enabled || epoch !== this.epoch) return entry;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous.user.id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest, this.entries.get(oldest)!.user.id);
    }
    this.entries.set(key, entry);
    let keys = this.keysOfUser.get(user.id);
    if (!keys) this.keysOfUser.set(user.id, (keys = new Set()));
    keys.add(key);
    return entry;
  }

  /** Adds what a later step of a request read (terms, the /me answer) to an entry, when it is still the current one. */
  fill(key: string | null, entry: CachedSession, epoch: number, values: Pick<CachedSession, 'terms' | 'me' | 'plan'>) {
    if (epoch !== this.epoch || key === null || this.entries.get(key) !== entry) return;
    Object.assign(entry, values);
  }

  /** Forgets a user's sessions here, and tells the other replicas to. */
  async invalidateUser(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.events?.notify(SESSIONS_CHANNEL, userId);
  }

  /** Listens on the sessions channel: another replica's invalidations drop the same entries here. */
  async connect(events: DbEvents): Promise<() => Promise<void>> {
    this.events = events;
    return events.listen(SESSIONS_CHANNEL, (userId) => this.forgetUser(userId));
  }

  get size() {
    return this.entries.size;
  }

  private forgetUser(userId: string) {
    this.epoch++;
    const keys = this.keysOfUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysOfUser.delete(userId);
  }

  private drop(key: string, userId: string) {
    this.entries.delete(key);
    const keys = this.keysOfUser.get(userId);
    if (!keys) return;
    keys.delete(key);
    if (!keys.size) this.keysOfUser.delete(userId);
  }
}
