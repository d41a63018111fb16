import { STORAGE_KEYS } from '@grandline/core/locales';
import type { MeResponse } from '@grandline/core/contracts/account';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { Logo } from '@/components/logo';
import { fetchSession, sessionEvent, sessionKeys } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { queryClient } from '@/lib/query-client';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { LegalDocumentView } from '@/features/legal/components/legal-document';
import { authApi } from '@/features/auth/api/auth-api';
import { ConsentFields, ConsentFooter } from '@/features/auth/components/consent-fields';
import { emptyConsent, useAcceptTerms, useConsentForm } from '@/features/auth/consent-form';
import { rememberReturnTo, safeReturnPath } from '@/lib/return-to';
import { clearBrowserData } from '@/features/auth/sign-out';
import { PageTitle } from '@/components/page-title';

const SESSION_TIMEOUT = 3000;
const KEEP = [STORAGE_KEYS.language, STORAGE_KEYS.currency];

function ConsentForm({ me, returnTo }: { me: MeResponse; returnTo: string }) {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const { form, availability, ready } = useConsentForm(emptyConsent(me.profile.username ?? '', me.profile.countryCode ?? ''));
  const accept = useAcceptTerms(form);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(async (data) => {
    setError(null);
    try {
      if (!(await accept(data, i18n.resolvedLanguage ?? 'en'))) return;
      await sessionEvent('TOKEN_REFRESHED');
      notify.success(t('consent.accepted'));
      await navigate(returnTo, { replace: true });
    } catch (err) {
      // On this page a consent that could not be saved stops the flow (spec §8).
      setError(errorText(err, 'consent.saveFailed'));
    }
  });

  /** Logout and clear (spec §4): local sign-out, the same clearing as on arrival, then /auth. */
  const logoutAndClear = async () => {
    setLeaving(true);
    await authApi.signOut().catch(() => undefined);
    await sessionEvent('SIGNED_OUT');
    await clearBrowserData(KEEP);
    await navigate('/auth', { replace: true });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5" data-testid="consent-form">
      <ConsentFields form={form} availability={availability} />
      <ConsentFooter
        error={error}
        ready={ready}
        submitting={form.formState.isSubmitting}
        leaveLabel={t('consent.logoutAndClear')}
        onLeave={() => void logoutAndClear()}
        leaving={leaving}
        leaveTestId="consent-logout"
      />
    </form>
  );
}

function Section({ title, open, children, testId }: { title: string; open: boolean; children: React.ReactNode; testId: string }) {
  return (
    <details open={open} className="group rounded-xl border border-border bg-surface" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="max-h-80 overflow-y-auto border-t border-border px-4 py-4 text-sm">{children}</div>
    </details>
  );
}

/**
 * /consent (spec §2, §4): the standalone terms-acceptance page. On arrival it clears this site's browser
 * data (except language and currency) within 1.5 s, then needs a session within 3 s, else /auth.
 * `doc=privacy` opens the privacy section, anything else the terms; `return` is where acceptance leads.
 */
export function ConsentPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('return')) ?? '/dashboard';
  const doc = params.get('doc') === 'privacy' ? 'privacy' : 'terms';
  const [state, setState] = useState<{ phase: 'init' } | { phase: 'ready'; me: MeResponse } | { phase: 'failed' }>({ phase: 'init' });
  const started = useRef(false);

  const start = useCallback(async () => {
    setState({ phase: 'init' });
    try {
      await clearBrowserData(KEEP);
      const deadline = AbortSignal.timeout(SESSION_TIMEOUT);
      const me = await fetchSession(deadline).catch((err: unknown) => {
        if (deadline.aborted) return null;
        throw err;
      });
      queryClient.setQueryData(sessionKeys.session, me);
      if (!me) {
        rememberReturnTo(`/consent?${params.toString()}`);
        await navigate('/auth', { replace: true });
        return;
      }
      setState({ phase: 'ready', me });
    } catch (err) {
      console.warn('Consent flow could not start', err);
      setState({ phase: 'failed' });
    }
  }, [navigate, params]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  return (
    <div className="min-h-dvh bg-bg px-4 py-8 sm:py-12">
      <PageTitle title={t('consent.pageTitle')} />
      <main className="mx-auto flex max-w-2xl flex-col gap-6" data-testid="consent-page">
        <div className="flex items-center gap-2 self-center">
          <Logo className="h-10 w-10" />
          <span className="text-xl font-bold tracking-tight">Grand Line</span>
        </div>
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('consent.pageTitle')}</h1>
          <p className="mt-1 text-sm text-muted">{t('consent.pageLead')}</p>
        </div>
        {state.phase === 'init' && (
          <div className="flex justify-center py-10">
            <Spinner className="h-8 w-8 text-accent" label={t('states.loading')} />
          </div>
        )}
        {state.phase === 'failed' && (
          <div className="flex flex-col items-center gap-3">
            <FormMessage>{t('consent.initFailed')}</FormMessage>
            <Button variant="secondary" onClick={() => void start()}>
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {state.phase === 'ready' && (
          <>
            <div className="flex flex-col gap-3">
              <Section title={t('consent.termsSection')} open={doc === 'terms'} testId="consent-terms">
                <LegalDocumentView doc="terms-of-service" />
              </Section>
              <Section title={t('consent.privacySection')} open={doc === 'privacy'} testId="consent-privacy">
                <LegalDocumentView doc="privacy-policy" />
              </Section>
            </div>
            <div className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
              <ConsentForm me={state.me} returnTo={returnTo} />
            </div>
          </>
        )}
      </main>
    </div>
  );
}
