import { ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm } from '@grandline/core/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { FormMessage, PasswordField, TextField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { tabTrigger } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { errorText, validationText } from '@/lib/error-text';
import { usePasswordCheckPreload, withCommonPasswordCheck } from '@/lib/password-check';
import { notify } from '@/lib/toast';
import { authApi } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ProviderButtons } from '@/features/auth/components/provider-buttons';
import { openSignedInSession } from '@/features/auth/pending-consents';
import { takeReturnTo } from '@/lib/return-to';
import { PageTitle } from '@/components/page-title';
import { Tabs } from '@/components/ui/tabs';

type View = 'signin' | 'signup' | 'forgot' | 'recovery';
type Sent = { kind: 'signup' | 'reset'; email: string; resendNow?: boolean };

/** Signs in the session the server just opened, records pending consents, and goes back where the user was. */
export async function completeSignIn(navigate: (to: string, opts?: { replace?: boolean }) => unknown, fallback = '/dashboard') {
  const target = takeReturnTo(fallback);
  await openSignedInSession();
  await navigate(target, { replace: true });
}

function SubmitButton({ pending, children, testId }: { pending: boolean; children: ReactNode; testId?: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <Button type="submit" size="lg" className="w-full justify-center" disabled={pending} data-testid={testId}>
      {pending && <Spinner className="h-4 w-4" label={t('states.loading')} />}
      {children}
    </Button>
  );
}

function SignIn({ onSwitch, onUnconfirmed }: { onSwitch: (v: View) => void; onUnconfirmed: (email: string) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState<ReactNode>(null);
  const form = useForm<SignInForm>({ resolver: zodResolver(SignInForm), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await authApi.signIn(email, password);
      await completeSignIn(navigate);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
        setError(
          <>
            {t('errors.codes.EMAIL_NOT_VERIFIED')}{' '}
            <button type="button" className="cursor-pointer font-medium text-accent underline underline-offset-2" onClick={() => onUnconfirmed(email)}>
              {t('auth.resendConfirmation')}
            </button>
          </>,
        );
        return;
      }
      setError(errorText(err, 'errors.codes.INVALID_EMAIL_OR_PASSWORD'));
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" data-testid="sign-in-form">
      {error && <FormMessage>{error}</FormMessage>}
      <TextField id={`${id}-email`} label={t('auth.email')} error={validationText(errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        error={validationText(errors.password?.message)}
        labelAside={
          <button type="button" onClick={() => onSwitch('forgot')} className="cursor-pointer text-xs font-medium text-accent hover:underline">
            {t('auth.forgotLink')}
          </button>
        }
        autoComplete="current-password"
        {...form.register('password')}
      />
      <SubmitButton pending={isSubmitting} testId="sign-in-submit">
        {t('auth.signIn')}
      </SubmitButton>
    </form>
  );
}

/**
 * Every password rule at once, under the field and whatever its error says (a field's hint gives way to its error,
 * which names one rule): as Settings → Password shows them. The field is described by it too.
 */
function PasswordRules({ id }: { id: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <p id={id} className="-mt-2 text-xs text-muted" data-testid="password-rules">
      {t('auth.passwordRules')}
    </p>
  );
}

/** The password input's description: its error when it has one, and the rules always. */
const describedByRules = (fieldId: string, rulesId: string, error: unknown) => ({ 'aria-describedby': error ? `${fieldId}-error ${rulesId}` : rulesId });

function SignUp({ onSent }: { onSent: (sent: Sent) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUpForm>({
    resolver: withCommonPasswordCheck(zodResolver(SignUpForm), 'password', (v) => v.email),
    defaultValues: { email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  usePasswordCheckPreload();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await authApi.signUp(email, password);
      onSent({ kind: 'signup', email });
    } catch (err) {
      setError(errorText(err, 'auth.signUpFailed'));
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" data-testid="sign-up-form">
      {error && <FormMessage>{error}</FormMessage>}
      <TextField id={`${id}-email`} label={t('auth.email')} error={validationText(errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        error={validationText(errors.password?.message)}
        autoComplete="new-password"
        {...form.register('password')}
        {...describedByRules(`${id}-password`, `${id}-rules`, errors.password)}
      />
      <PasswordRules id={`${id}-rules`} />
      <PasswordField id={`${id}-confirm`} label={t('auth.confirmPassword')} error={validationText(errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
      <SubmitButton pending={isSubmitting} testId="sign-up-submit">
        {t('auth.createAccount')}
      </SubmitButton>
      <p className="text-center text-xs text-muted">
        {t('auth.signUpNote')}{' '}
        <Link to="/signup" className="font-medium text-accent hover:underline">
          {t('auth.signUpWithConsent')}
        </Link>
      </p>
    </form>
  );
}

function Forgot({ onSent }: { onSent: (sent: Sent) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({ resolver: zodResolver(ForgotPasswordForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await authApi.requestPasswordReset(email);
      onSent({ kind: 'reset', email });
    } catch (err) {
      setError(errorText(err, 'auth.resetEmailFailed'));
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" data-testid="forgot-form">
      {error && <FormMessage>{error}</FormMessage>}
      <TextField id={`${id}-email`} label={t('auth.email')} error={validationText(errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
      <SubmitButton pending={isSubmitting} testId="forgot-submit">
        {t('auth.sendResetLink')}
      </SubmitButton>
    </form>
  );
}

function Recovery({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const id = useId();
  const [error, setError] = useState<string | null>(token ? null : t('errors.codes.INVALID_TOKEN'));
  const form = useForm<ResetPasswordForm>({
    resolver: withCommonPasswordCheck(zodResolver(ResetPasswordForm), 'newPassword'),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  usePasswordCheckPreload();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    if (!token) return setError(t('errors.codes.INVALID_TOKEN'));
    try {
      await authApi.resetPassword(token, newPassword);
      notify.success(t('auth.passwordUpdated'));
      onDone();
    } catch (err) {
      setError(errorText(err, 'auth.passwordUpdateFailed'));
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" data-testid="recovery-form">
      {error && <FormMessage>{error}</FormMessage>}
      <PasswordField
        id={`${id}-password`}
        label={t('auth.newPassword')}
        error={validationText(errors.newPassword?.message)}
        autoComplete="new-password"
        {...form.register('newPassword')}
        {...describedByRules(`${id}-password`, `${id}-rules`, errors.newPassword)}
      />
      <PasswordRules id={`${id}-rules`} />
      <PasswordField id={`${id}-confirm`} label={t('auth.confirmPassword')} error={validationText(errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
      <SubmitButton pending={isSubmitting} testId="recovery-submit">
        {t('auth.updatePassword')}
      </SubmitButton>
    </form>
  );
}

const RESEND_COOLDOWN = 60;

/** "Check your e-mail", after sign-up or a reset request, with a resend button on a cool-down. */
export function CheckEmail({ sent, onBack }: { sent: Sent; onBack: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [wait, setWait] = useState(sent.resendNow ? 0 : RESEND_COOLDOWN);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const resend = async () => {
    setBusy(true);
    try {
      if (sent.kind === 'signup') await authApi.resendConfirmation(sent.email);
      else await authApi.requestPasswordReset(sent.email);
      notify.success(t('auth.resent'));
      setWait(RESEND_COOLDOWN);
    } catch (err) {
      notify.error(errorText(err, sent.kind === 'signup' ? 'auth.resendFailed' : 'auth.resetEmailFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="check-email">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        <MailCheck className="h-7 w-7" aria-hidden />
      </span>
      <p className="text-sm">{t(sent.kind === 'signup' ? 'auth.checkEmailSignup' : 'auth.checkEmailReset', { email: sent.email })}</p>
      <p className="text-xs text-muted">{t('auth.checkEmailSpam')}</p>
      <Button variant="secondary" onClick={() => void resend()} disabled={busy || wait > 0} data-testid="resend">
        {busy && <Spinner className="h-4 w-4" label={t('states.loading')} />}
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.resend')}
      </Button>
      <button type="button" onClick={onBack} className="cursor-pointer text-sm font-medium text-accent hover:underline">
        {t('auth.backToSignIn')}
      </button>
    </div>
  );
}

/** /auth and /auth/email-confirmation: sign in, sign up, forgot password, new password (spec §2). */
export function AuthPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [sent, setSent] = useState<Sent | null>(null);
  const view: View = params.get('type') === 'recovery' ? 'recovery' : ((['signup', 'forgot'] as const).find((v) => v === params.get('view')) ?? 'signin');
  const urlError = params.get('error');

  // Already signed in when the page opened (e.g. a second tab): straight to where the user was going. Decided once,
  // when the session is first known; a sign-in made on this page navigates by itself (completeSignIn).
  const arrival = useRef(false);
  useEffect(() => {
    if (arrival.current || session.loading) return;
    arrival.current = true;
    if (session.signedIn && view !== 'recovery') void navigate(takeReturnTo('/dashboard'), { replace: true });
  }, [session.loading, session.signedIn, view, navigate]);

  const go = (next: View) => {
    setSent(null);
    setParams(next === 'signin' ? {} : { view: next }, { replace: true });
  };

  if (sent) {
    return (
      <AuthCard title={t('auth.titles.checkEmail')}>
        <PageTitle title={t(`auth.titles.${view}`)} />
        <CheckEmail sent={sent} onBack={() => go('signin')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t(`auth.titles.${view}`)}
      lead={t(`auth.leads.${view}`)}
      footer={
        view === 'forgot' || view === 'recovery' ? (
          <button type="button" onClick={() => go('signin')} className="cursor-pointer font-medium text-accent hover:underline">
            {t('auth.backToSignIn')}
          </button>
        ) : (
          <span>{t('auth.legalNote')}</span>
        )
      }
    >
      <PageTitle title={t(`auth.titles.${view}`)} />
      {urlError && view !== 'recovery' && (
        <div className="mb-4">
          <FormMessage>{t('auth.authError', { message: t([`errors.codes.${urlError.toUpperCase()}`, 'auth.authFailed']) })}</FormMessage>
        </div>
      )}
      {(view === 'signin' || view === 'signup') && (
        <Tabs.Root value={view} onValueChange={(v) => go(v as View)}>
          <Tabs.List aria-label={t('auth.titles.signin')} className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1">
            <Tabs.Trigger value="signin" className={tabTrigger}>
              {t('auth.signIn')}
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabTrigger}>
              {t('auth.signUp')}
            </Tabs.Trigger>
          </Tabs.List>
          <ProviderButtons providers={session.providers} />
          <Tabs.Content value="signin" className="outline-none">
            <SignIn onSwitch={go} onUnconfirmed={(email) => setSent({ kind: 'signup', email, resendNow: true })} />
          </Tabs.Content>
          <Tabs.Content value="signup" className="outline-none">
            <SignUp onSent={setSent} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      {view === 'forgot' && <Forgot onSent={setSent} />}
      {view === 'recovery' && <Recovery token={params.get('token')} onDone={() => go('signin')} />}
    </AuthCard>
  );
}
