import { SignUpForm } from '@grandline/core/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { FormMessage, PasswordField, TextField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText, validationText } from '@/lib/error-text';
import { usePasswordCheckPreload, withCommonPasswordCheck } from '@/lib/password-check';
import { notify } from '@/lib/toast';
import { authApi } from '@/features/auth/api/auth-api';
import { ConsentFields } from '@/features/auth/components/consent-fields';
import { ConsentValues, emptyConsent, toAcceptRequest, useAcceptTerms, useConsentForm } from '@/features/auth/consent-form';
import { clearPendingConsents, savePendingConsents } from '@/features/auth/pending-consents';
import { takeReturnTo } from '@/lib/return-to';
import { CheckEmail } from './auth-page';
import { PageTitle } from '@/components/page-title';

/**
 * /signup (spec §2): the consent sign-up form on its own, without header, sidebar or footer. Visitors give
 * e-mail and password with their consents, which wait in pending_consents_v1 until the first sign-in; a
 * signed-in user who has not accepted the terms (e.g. after Google) only gives the consents.
 */
export function SignupPage() {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const credentials = useForm<SignUpForm>({
    resolver: withCommonPasswordCheck(zodResolver(SignUpForm), 'password', (v) => v.email),
    defaultValues: { email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { form: consent, availability, ready } = useConsentForm(emptyConsent());
  const accept = useAcceptTerms(consent);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const withCredentials = !session.signedIn;
  usePasswordCheckPreload(withCredentials);
  const errors = credentials.formState.errors;

  useEffect(() => {
    if (session.signedIn && session.termsAccepted) void navigate('/dashboard', { replace: true });
  }, [session.signedIn, session.termsAccepted, navigate]);

  const submit = async () => {
    setError(null);
    const [credentialsOk, consentOk] = await Promise.all([withCredentials ? credentials.trigger() : Promise.resolve(true), consent.trigger()]);
    if (!credentialsOk || !consentOk || availability === 'taken') return;
    const data = ConsentValues.parse(consent.getValues());
    const locale = i18n.resolvedLanguage ?? 'en';
    setBusy(true);
    try {
      if (withCredentials) {
        const { email, password } = credentials.getValues();
        const { tosAccepted, ageConfirmed, marketingConsent, cookieConsent, username, countryCode } = toAcceptRequest(data, locale);
        savePendingConsents({ tosAccepted, ageConfirmed, marketingConsent, cookieConsent, username, countryCode });
        try {
          await authApi.signUp(email.trim(), password);
        } catch (err) {
          clearPendingConsents();
          throw err;
        }
        setSentTo(email.trim());
      } else {
        if (!(await accept(data, locale))) return;
        notify.success(t('consent.accepted'));
        await navigate(takeReturnTo('/dashboard'), { replace: true });
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'USERNAME_TAKEN') consent.setError('username', { message: 'validation.usernameTaken' });
      else setError(errorText(err, withCredentials ? 'auth.signUpFailed' : 'consent.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="min-h-dvh bg-bg px-4 py-8 sm:py-12">
      <PageTitle title={t('signup.title')} />
      <main className="mx-auto flex max-w-xl flex-col gap-6">
        <Link to="/" className="flex items-center gap-2 self-center rounded-lg px-1" aria-label={t('app.homeLink')}>
          <Logo className="h-10 w-10" />
          <span className="text-xl font-bold tracking-tight">Grand Line</span>
        </Link>
        <div className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-8">
          {sentTo ? (
            <CheckEmail sent={{ kind: 'signup', email: sentTo }} onBack={() => void navigate('/auth')} />
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
              className="flex flex-col gap-5"
              data-testid="signup-form"
            >
              <div className="text-center">
                <h1 className="text-2xl font-bold tracking-tight">{t('signup.title')}</h1>
                <p className="mt-1 text-sm text-muted">{t(withCredentials ? 'signup.lead' : 'signup.leadSignedIn')}</p>
              </div>
              {error && <FormMessage>{error}</FormMessage>}
              {withCredentials && (
                <>
                  <TextField id={`${id}-email`} label={t('auth.email')} error={validationText(errors.email?.message)} type="email" autoComplete="email" {...credentials.register('email')} />
                  <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
                    <PasswordField id={`${id}-password`} label={t('auth.password')} error={validationText(errors.password?.message)} autoComplete="new-password" {...credentials.register('password')} />
                    <PasswordField id={`${id}-confirm`} label={t('auth.confirmPassword')} error={validationText(errors.confirmPassword?.message)} autoComplete="new-password" {...credentials.register('confirmPassword')} />
                  </div>
                  <p className="-mt-3 text-xs text-muted">{t('auth.passwordRules')}</p>
                  <hr className="border-border" />
                </>
              )}
              <ConsentFields form={consent} availability={availability} />
              <Button type="submit" size="lg" className="w-full justify-center" disabled={busy || !ready} data-testid="signup-submit">
                {busy && <Spinner className="h-4 w-4" label={t('states.loading')} />}
                {withCredentials ? t('auth.createAccount') : t('consent.accept')}
              </Button>
            </form>
          )}
        </div>
        {withCredentials && !sentTo && (
          <p className="text-center text-sm text-muted">
            {t('signup.haveAccount')}{' '}
            <Link to="/auth" className="font-medium text-accent hover:underline">
              {t('auth.signIn')}
            </Link>
          </p>
        )}
      </main>
    </div>
  );
}
