import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorText } from '@/lib/error-text';
import { completeSignIn } from './auth-page';

/**
 * /auth/callback (spec §4): where outside providers and e-mail links come back. A recovery goes to the
 * new-password view; otherwise the session the server opened is loaded and the user goes to the stored
 * return path. Failures show "Auth error: {message}" or "Authentication failed".
 */
export function AuthCallbackPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const started = useRef(false);
  const error = params.get('type') === 'recovery' ? null : params.get('error');
  const failure = error
    ? t('auth.authError', { message: t([`errors.codes.${error.toUpperCase()}`, 'auth.authFailed']) })
    : signInFailure;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const type = params.get('type');
    if (type === 'recovery') {
      const token = params.get('token');
      void navigate(params.get('error') || !token ? `/auth?type=recovery` : `/auth?type=recovery&token=${encodeURIComponent(token)}`, { replace: true });
      return;
    }
    if (params.get('error')) return;
    completeSignIn(navigate).catch((err: unknown) => setSignInFailure(errorText(err, 'auth.authFailed')));
  }, [params, navigate]);

  return (
    <AuthCard title={failure ? t('auth.titles.callbackFailed') : t('auth.titles.callback')}>
      {failure ? (
        <div className="flex flex-col gap-4" data-testid="callback-error">
          <FormMessage>{failure}</FormMessage>
          <Link to="/auth" className={buttonClass('primary', 'lg', 'w-full justify-center')}>
            {t('auth.backToSignIn')}
          </Link>
        </div>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner className="h-8 w-8 text-accent" label={t('auth.signingIn')} />
        </div>
      )}
    </AuthCard>
  );
}
