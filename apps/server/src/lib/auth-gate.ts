import { createMiddleware } from 'hono/factory';
import { termsState, type SessionUser } from '../features/account/account.service';
import type { AppEnv } from './context';
import { AppError } from './errors';

/** The signed-in user of this request, or null. */
export async function sessionUser(c: { req: { raw: Request }; var: AppEnv['Variables'] }): Promise<SessionUser | null> {
  const auth = c.var.deps.auth;
  if (!auth) return null;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return (session?.user as SessionUser | undefined) ?? null;
}

/** The signed-in user, or 401 'Please sign in to access this feature'. */
async function signedInUser(c: Parameters<typeof sessionUser>[0]): Promise<SessionUser> {
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
  const terms = await termsState(c.var.deps.db, user.id);
  if (!terms.tosAccepted) throw new AppError('TOS_REQUIRED', 403, 'Please accept the Terms of Service to continue');
  c.set('user', user);
  await next();
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a browser sent from another site: when an Origin header is
 * present it must be the app's own. (Clients that send no Origin are not browsers acting for a user.)
 */
export function sameOriginWrites(publicUrl: string | undefined) {
  const allowed = publicUrl ? new URL(publicUrl).origin : null;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header('Origin');
      const self = new URL(c.req.url).origin;
      if (origin && origin !== allowed && origin !== self) {
        throw new AppError('FORBIDDEN_ORIGIN', 403, 'Requests from other sites are not allowed');
      }
    }
    await next();
  });
}

/** Admins only: 401 without a session, 403 for other users. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await signedInUser(c);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'This area is for administrators');
  c.set('user', user);
  await next();
});
