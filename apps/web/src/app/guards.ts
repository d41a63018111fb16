import { redirect, type LoaderFunctionArgs } from 'react-router';
import { rememberReturnTo } from '@/lib/return-to';
import { ensureSession } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { billingStatusQuery } from '@/features/plans/api/billing-api';
import { isNetworkError } from '@/lib/online';

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * Who is signed in; null for a visitor. When the server cannot be reached (offline) the error goes on to the route's
 * error page (the offline page), instead of sending a signed-in user to the sign-in page.
 */
const signedInUser = () =>
  ensureSession().catch((err: unknown) => {
    if (isNetworkError(err)) throw err;
    return null;
  });

/** Signed-in pages (spec §6): visitors go to /auth, and come back here after signing in. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const me = await signedInUser();
  if (!me) {
    rememberReturnTo(here(request));
    throw redirect('/auth');
  }
  // What the plan allows shapes signed-in pages from their first paint (a locked "private" switch, locked history
  // ranges, the promotion slot): read once here (kept 30 s), so nothing moves when it arrives.
  await queryClient.ensureQueryData(billingStatusQuery()).catch(() => undefined);
  return null;
}

/** The admin area: visitors sign in first; signed-in users who are not admins go to / (spec §2). */
export async function requireAdmin({ request }: LoaderFunctionArgs) {
  const me = await signedInUser();
  if (!me) {
    rememberReturnTo(here(request));
    throw redirect('/auth');
  }
  if (me.user.role !== 'admin') throw redirect('/');
  return null;
}
