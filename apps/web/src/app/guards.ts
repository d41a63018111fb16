import { redirect, type LoaderFunctionArgs } from 'react-router';
import { rememberReturnTo } from '@/lib/return-to';
import { ensureSession } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { billingStatusQuery } from '@/features/settings/api/billing-api';

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
};

/** Signed-in pages (spec §6): visitors go to /auth, and come back here after signing in. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const me = await ensureSession().catch(() => null);
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
  const me = await ensureSession().catch(() => null);
  if (!me) {
    rememberReturnTo(here(request));
    throw redirect('/auth');
  }
  if (me.user.role !== 'admin') throw redirect('/');
  return null;
}
