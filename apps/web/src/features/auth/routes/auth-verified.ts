import { redirect, type LoaderFunctionArgs } from 'react-router';
import { openSignedInSession } from '@/features/auth/pending-consents';

/**
 * /auth/verified: the confirmation link signed the user in and lands here; pending consents from /signup
 * are recorded, then spec §2 sends the user to /welcome. A spoiled link comes back with ?error=.
 */
export async function verifiedLoader({ request }: LoaderFunctionArgs) {
  const error = new URL(request.url).searchParams.get('error');
  if (error) return redirect(`/auth?error=${encodeURIComponent(error)}`);
  const me = await openSignedInSession().catch(() => null);
  return redirect(me ? '/welcome' : '/auth');
}
