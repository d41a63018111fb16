import { ChangePasswordForm } from '@grandline/core/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { ShieldAlert, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router';
import { sessionEvent, useSession } from '@/lib/session';
import { Button, buttonClass } from '@/components/ui/button';
import { FormMessage, PasswordField, TextField } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/api-client';
import { errorText, validationText } from '@/lib/error-text';
import { usePasswordCheckPreload, withCommonPasswordCheck } from '@/lib/password-check';
import { notify } from '@/lib/toast';
import { authApi } from '@/features/auth/api/auth-api';
import { ProfileForm } from '@/features/profiles/components/profile-form';

function ProfileCard() {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <Panel title={t('account.profile')} description={t('account.profileLead')}>
      <ProfileForm />
    </Panel>
  );
}

function PasswordCard() {
  const { t } = useTranslation(ACCOUNT_NS);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: withCommonPasswordCheck(zodResolver(ChangePasswordForm), 'newPassword'),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  usePasswordCheckPreload();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await authApi.changePassword(currentPassword, newPassword);
      form.reset();
      notify.success(t('account.passwordChanged'));
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'INVALID_PASSWORD' || err.code === 'INVALID_EMAIL_OR_PASSWORD')) {
        form.setError('currentPassword', { message: t('account.currentPasswordWrong') });
        return;
      }
      setError(errorText(err, 'account.passwordFailed'));
    }
  });
  return (
    <Panel title={t('account.password')} description={t('account.passwordLead')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5" data-testid="password-form">
        {error && <FormMessage>{error}</FormMessage>}
        <PasswordField id={`${id}-current`} label={t('account.currentPassword')} error={validationText(errors.currentPassword?.message)} autoComplete="current-password" {...form.register('currentPassword')} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <PasswordField id={`${id}-new`} label={t('auth.newPassword')} error={validationText(errors.newPassword?.message)} autoComplete="new-password" {...form.register('newPassword')} />
          <PasswordField id={`${id}-confirm`} label={t('auth.confirmPassword')} error={validationText(errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
        </div>
        <p className="-mt-3 text-xs text-muted">{t('auth.passwordRules')}</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} data-testid="password-save">
            {isSubmitting && <Spinner className="h-4 w-4" label={t('states.saving')} />}
            {t('account.changePassword')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function DeleteCard({ email }: { email: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await authApi.deleteAccount(typed.trim());
      setOpen(false);
      await navigate('/');
      await sessionEvent('SIGNED_OUT');
      notify.success(t('account.deleted'));
    } catch (err) {
      setError(errorText(err, 'account.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('account.dangerZone')} description={t('account.deleteLead')} tone="danger">
      <AlertDialog.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setTyped('');
          setError(null);
        }}
      >
        <AlertDialog.Trigger asChild>
          <Button variant="danger" data-testid="delete-account">
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('account.deleteAccount')}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
            <AlertDialog.Title className="text-lg font-semibold">{t('account.deleteTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">{t('account.deleteWarning')}</AlertDialog.Description>
            <div className="mt-4 flex flex-col gap-3">
              {error && <FormMessage>{error}</FormMessage>}
              <TextField id={`${id}-confirm`} label={t('account.deleteConfirmLabel', { email })} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} data-testid="delete-confirm" />
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="ghost">{t('actions.cancel')}</Button>
              </AlertDialog.Cancel>
              <Button
                variant="dangerSolid"
                disabled={!matches || busy}
                onClick={() => void remove()}
                data-testid="delete-confirm-button"
              >
                {busy && <Spinner className="h-4 w-4" label={t('states.saving')} />}
                {t('account.deleteForever')}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Panel>
  );
}

/** Settings → Account: identity, terms status, profile, password and deletion (spec §2). */
export function AccountTab() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { me } = useSession();
  if (!me) return null;
  return (
    <div className="flex flex-col gap-6" data-testid="account-tab">
      <section className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <div className="min-w-0">
          <p className="truncate font-semibold">{me.profile.username ? `@${me.profile.username}` : me.user.name}</p>
          <p className="truncate text-sm text-muted">{me.user.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {me.user.role === 'admin' && <Badge>{t('account.roles.admin')}</Badge>}
          {me.consent.tosAccepted ? (
            <Badge>{t('account.tosAccepted', { version: me.consent.tosVersion })}</Badge>
          ) : (
            <>
              <Badge className="border-danger/50 bg-danger/10 text-danger" data-testid="tos-required">
                <ShieldAlert className="mr-1 h-3.5 w-3.5" aria-hidden />
                {t('account.tosRequired')}
              </Badge>
              <Link to={`/consent?return=${encodeURIComponent('/settings')}`} className={buttonClass('secondary', 'sm')}>
                {t('account.reviewTerms')}
              </Link>
            </>
          )}
        </div>
      </section>
      <ProfileCard />
      <PasswordCard />
      <DeleteCard email={me.user.email} />
    </div>
  );
}
