import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnTo } from '../../features/auth/return-to';
import { useSession } from '../session';
import { PageLoading } from './page-loading';

/** Keeps signed-in pages behind the session while it changes (sign-out in another tab, expiry). */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return <PageLoading />;
  if (!session.signedIn) {
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/auth" replace />;
  }
  if (admin && !session.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
