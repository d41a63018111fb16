import type { AuthOptionsResponse } from '@grandline/core/contracts/account';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { authApi } from '@/features/auth/api/auth-api';

const GoogleMark = () => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
    <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.24 1.4-1.7 4.1-5.5 4.1-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.2.8 3.9 1.5l2.7-2.6C16.9 3.3 14.7 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z" />
  </svg>
);
const FacebookMark = () => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
    <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
  </svg>
);

/** "Continue with Google / Facebook": shown only for the providers this server has configured. */
export function ProviderButtons({ providers }: { providers: AuthOptionsResponse['providers'] }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [busy, setBusy] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const start = async (provider: string) => {
    setBusy(provider);
    try {
      const { url } = await authApi.socialSignIn(provider);
      if (!url) throw new Error('no authorization URL');
      window.location.assign(url);
    } catch (err) {
      notify.error(errorText(err, 'auth.authFailed'));
      setBusy(null);
    }
  };
  return (
    <div className="mb-5 flex flex-col gap-2">
      {providers.map(({ id, name }) => (
        <Button key={id} variant="outline" size="lg" className="w-full justify-center" disabled={busy !== null} onClick={() => void start(id)} data-testid={`provider-${id}`}>
          {busy === id ? (
            <Spinner className="h-4 w-4" label={t('states.loading')} />
          ) : id === 'google' ? (
            <GoogleMark />
          ) : id === 'facebook' ? (
            <FacebookMark />
          ) : (
            <KeyRound className="h-4 w-4" aria-hidden />
          )}
          {t('auth.continueWith', { provider: name })}
        </Button>
      ))}
      <div className="my-2 flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-border" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
