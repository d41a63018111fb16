import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession, wasSignedOutByUser } from '@/lib/session';
import { PageSkeletonFallback } from '@/components/page-loading';

/** Keeps signed-in pages behind the session while it changes (sign-out in another tab, expiry). */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return <PageSkeletonFallback />;
  if (!session.signedIn) {
    // Signed out here on purpose: home, as spec §4 says, not the sign-in screen.
    if (wasSignedOutByUser()) return <Navigate to="/" replace />;
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/auth" replace />;
  }
  if (admin && !session.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
