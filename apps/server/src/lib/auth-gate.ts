import type { PlanId } from '@grandline/core/plans';
import { createMiddleware } from 'hono/factory';
import { termsState } from '../db/consent';
import type { AppEnv, AuthService, ResolvedSession, SessionUser } from './context';
import { AppError } from './errors';
import { planFromFacts, readPlanFacts, type PlanFacts } from './plans';
import type { TermsStateValue } from './session-cache';

type GateContext = {
  req: { raw: Request };
  var: AppEnv['Variables'];
  set: (key: 'session', value: ResolvedSession | null) => void;
  header: (name: string, value: string, options?: { append?: boolean }) => void;
};

/** A session as read on a cache miss: its user, expiry and, from the one-statement lookup, the terms state. */
type ReadSession = { user: SessionUser; expiresAt: number; terms?: TermsStateValue; plan?: PlanFacts };

/**
 * Reads the session of a cookie: in one statement (session, user and terms state) when the one-statement lookup
 * covers the case, else through the authentication library, whose cookie changes (a refreshed session's renewed
 * cookie, a cleared one) are passed on to the response.
 */
async function readSession(c: GateContext, auth: AuthService, key: string | null): Promise<ReadSession | null> {
  const fast = key !== null && auth.lookupSession ? await auth.lookupSession(key, c.req.raw.headers.get('cookie') ?? '') : null;
  if (fast?.kind === 'none') return null;
  if (fast?.kind === 'found') return { user: fast.user, expiresAt: fast.sessionExpiresAt, terms: fast.terms, plan: fast.plan };
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  return response ? { user: response.user, expiresAt: new Date(response.session.expiresAt).getTime() } : null;
}

/**
 * The request's session: from the session cache when this cookie was resolved a moment ago (no database read), else
 * read (readSession) and kept. Resolved once per request (c.var.session).
 */
export async function resolveSession(c: GateContext): Promise<ResolvedSession | null> {
  if (c.var.session !== undefined) return c.var.session;
  const auth = c.var.deps.auth;
  let resolved: ResolvedSession | null = null;
  if (auth) {
    const cache = auth.sessionCache;
    const key = cache ? cache.keyOf(c.req.raw.headers) : null;
    // Without a session cookie there is no session to look up.
    const hit = key !== null ? cache?.get(key) : undefined;
    if (cache && hit) resolved = { key, entry: hit, epoch: cache.epoch };
    else if (!cache || key !== null) {
      const epoch = cache?.epoch ?? 0;
      const session = await readSession(c, auth, key);
      if (session) {
        const entry =
          cache && key !== null
            ? cache.set(key, session.user, session.expiresAt, epoch, { terms: session.terms, plan: session.plan })
            : { user: session.user, sessionExpiresAt: session.expiresAt, staleAt: 0, terms: session.terms, plan: session.plan };
        resolved = { key, entry, epoch };
      }
    }
  }
  c.set('session', resolved);
  return resolved;
}

/** The signed-in user of this request, or null. */
export async function sessionUser(c: GateContext): Promise<SessionUser | null> {
  return (await resolveSession(c))?.entry.user ?? null;
}

/** The user's terms state: kept with the session after the first read (accepting the terms drops the entry). */
async function sessionTerms(c: GateContext & { var: { deps: AppEnv['Variables']['deps'] } }, userId: string): Promise<TermsStateValue> {
  const resolved = await resolveSession(c);
  if (resolved?.entry.terms && resolved.entry.user.id === userId) return resolved.entry.terms;
  const terms = await termsState(c.var.deps.db, userId);
  if (resolved) c.var.deps.auth?.sessionCache?.fill(resolved.key, resolved.entry, resolved.epoch, { terms });
  return terms;
}

/** The signed-in user's plan now (lib/plans.ts): from the session's plan facts, read once and kept with it. */
export async function sessionPlan(c: GateContext, userId: string): Promise<PlanId> {
  const resolved = await resolveSession(c);
  if (resolved?.entry.plan && resolved.entry.user.id === userId) return planFromFacts(resolved.entry.plan);
  const facts = await readPlanFacts(c.var.deps.db, userId);
  if (resolved) c.var.deps.auth?.sessionCache?.fill(resolved.key, resolved.entry, resolved.epoch, { plan: facts });
  return planFromFacts(facts);
}

/** The signed-in user, or 401 'Please sign in to access this feature'. */
async function signedInUser(c: GateContext): Promise<SessionUser> {
  const user = await sessionUser(c);
  if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to access this feature');
  return user;
}

/** 401 without a session; sets c.var.user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await signedInUser(c));
  await next();
});

/**
 * The gate of every action (spec §1: the ability to act equals accepted terms): a session and the
 * current terms accepted, else 401 or 403 TOS_REQUIRED. Every mutating endpoint of a feature uses it.
 */
export const requireAcceptedTerms = createMiddleware<AppEnv>(async (c, next) => {
  const user = await signedInUser(c);
  const terms = await sessionTerms(c, user.id);
  if (!terms.tosAccepted) throw new AppError('TOS_REQUIRED', 403, 'Please accept the Terms of Service to continue');
  c.set('user', user);
  await next();
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a Referer header, or null when it is not an absolute http(s) address. */
function refererOrigin(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether an origin is the app's: its public address, or the address this request was sent to. */
function isOwnOrigin(origin: string | null, allowed: string | null, requestUrl: string) {
  return origin !== null && (origin === allowed || origin === new URL(requestUrl).origin);
}

/**
 * Whether a state-changing request may come from where it says it comes from (sameOriginWrites below, and the lean
 * path of the deck-list check): a request with cookies must name the app's origin in Origin or Referer, a request
 * with an Origin header must name it even without cookies, and one with neither (a script) passes.
 */
export function writeOriginAllowed(
  headers: { origin: string | undefined; cookie: string | undefined; referer: string | undefined },
  allowed: string | null,
  requestUrl: string,
): boolean {
  // Neither Origin nor cookies (a script, the public POST /api/decks/validate): nothing to compare, no URL parsed.
  const checked = headers.origin !== undefined ? headers.origin : headers.cookie ? refererOrigin(headers.referer) : undefined;
  return checked === undefined || isOwnOrigin(checked, allowed, requestUrl);
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that may come from another site:
 * - a request that carries cookies (a browser acting for a signed-in user) must show the app's own origin,
 *   in Origin or, when a browser left Origin out, in Referer; neither, or another site's, is refused;
 * - an Origin header, when present, must be the app's own even without cookies.
 * Scripts and other clients without cookies (e.g. the public POST /api/decks/validate) need neither header.
 * Browsers send Origin with every fetch/XHR that is not GET or HEAD, so the app itself always passes.
 */
export function sameOriginWrites(publicUrl: string | undefined) {
  const allowed = publicOrigin(publicUrl);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (
      UNSAFE.has(c.req.method) &&
      !writeOriginAllowed({ origin: c.req.header('Origin'), cookie: c.req.header('Cookie'), referer: c.req.header('Referer') }, allowed, c.req.url)
    ) {
      throw new AppError('FORBIDDEN_ORIGIN', 403, 'Requests from other sites are not allowed');
    }
    await next();
  });
}

/** The origin of the app's public address, when one is configured. */
export const publicOrigin = (publicUrl: string | undefined) => (publicUrl ? new URL(publicUrl).origin : null);

/** Admins only: 401 without a session, 403 for other users. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await signedInUser(c);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'This area is for administrators');
  c.set('user', user);
  await next();
});
