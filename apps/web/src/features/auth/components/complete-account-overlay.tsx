import { Dialog } from 'radix-ui';
import { UserRoundCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import type { SessionInfo } from '@/lib/session';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { emptyConsent, useAcceptTerms, useConsentForm } from '@/features/auth/consent-form';
import { readPendingConsents } from '@/features/auth/pending-consents';
import { signOut } from '@/features/auth/sign-out';
import { ConsentFields, ConsentFooter } from './consent-fields';

function OverlayForm({ me }: { me: NonNullable<SessionInfo['me']> }) {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const pending = readPendingConsents();
  const { form, suggestion, values, availability, ready } = useConsentForm(
    emptyConsent(me.profile.username ?? pending?.username ?? '', me.profile.countryCode ?? pending?.countryCode ?? ''),
  );
  const accept = useAcceptTerms(form);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setSubmitError(null);
    try {
      if (!(await accept(data, i18n.resolvedLanguage ?? 'en'))) return;
      notify.success(t('consent.accepted'));
      void navigate('/dashboard');
    } catch (err) {
      console.warn('Accepting the terms failed', err);
      setSubmitError(errorText(err, 'consent.saveFailed'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5" data-testid="complete-account-form">
      {suggestion.pending && !values.countryCode ? (
        <div className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4" label={t('consent.detectingCountry')} />
          {t('consent.detectingCountry')}
        </div>
      ) : null}
      <ConsentFields form={form} availability={availability} />
      <ConsentFooter
        error={submitError}
        ready={ready}
        submitting={form.formState.isSubmitting}
        leaveLabel={t('auth.signOut')}
        onLeave={() => void signOut(navigate)}
      />
    </form>
  );
}

/**
 * Spec §2: over every page except /signup while the signed-in user has not accepted the current terms.
 * It cannot be dismissed: the way out is accepting or signing out.
 */
export function CompleteAccountOverlay({ me }: { me: NonNullable<SessionInfo['me']> }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-5 shadow-2xl sm:p-6"
          data-testid="complete-account"
        >
          <div className="mb-5 flex items-start gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
              <UserRoundCheck className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <Dialog.Title className="text-lg font-semibold">{t('consent.overlayTitle')}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">{t('consent.overlayLead', { email: me.user.email })}</Dialog.Description>
            </div>
          </div>
          <OverlayForm me={me} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
