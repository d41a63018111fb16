import { ProfileForm as ProfileFormSchema } from '@grandline/core/contracts/account';
import { UPLOADED_AVATAR_PATH } from '@grandline/core/contracts/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { sessionEvent, useSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { describedBy, Field, FieldError, FormMessage, TextArea, TextField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { errorText, validationText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { authApi } from '@/features/auth/api/auth-api';
import { CountryPicker } from '@/features/auth/components/country-picker';
import { AvatarPicker } from './avatar-picker';

/** An avatar made from an upload is not a link to edit: the link field then starts empty. */
const isUploaded = (url: string | null | undefined) => Boolean(url && UPLOADED_AVATAR_PATH.test(url));
const linkOf = (url: string | null | undefined) => (url && !isUploaded(url) ? url : '');

/**
 * The profile's public fields (Settings → Account and /profile): display name, bio (plain text, 500 characters), the
 * avatar (a picture sent to the server, or an https link) and country.
 */
export function ProfileForm() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { me } = useSession();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileFormSchema>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      displayName: me?.profile.displayName ?? '',
      bio: me?.profile.bio ?? '',
      avatarUrl: linkOf(me?.profile.avatarUrl),
      countryCode: me?.profile.countryCode ?? '',
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const bioLength = useWatch({ control: form.control, name: 'bio' }).length;
  const onSubmit = form.handleSubmit(async (data) => {
    setError(null);
    try {
      // An empty link keeps an uploaded picture (the picker removes it); it clears a link.
      const avatarUrl = data.avatarUrl || (isUploaded(me?.profile.avatarUrl) ? undefined : null);
      const updated = await authApi.updateProfile({
        displayName: data.displayName || null,
        bio: data.bio.trim() || null,
        ...(avatarUrl !== undefined ? { avatarUrl } : {}),
        countryCode: data.countryCode,
      });
      await sessionEvent('USER_UPDATED', updated);
      form.reset({
        displayName: updated.profile.displayName ?? '',
        bio: updated.profile.bio ?? '',
        avatarUrl: linkOf(updated.profile.avatarUrl),
        countryCode: updated.profile.countryCode ?? '',
      });
      notify.success(t('account.profileSaved'));
    } catch (err) {
      setError(errorText(err, 'account.profileFailed'));
    }
  });
  return (
    <div className="flex flex-col gap-6">
      <AvatarPicker onChanged={(url) => form.resetField('avatarUrl', { defaultValue: linkOf(url) })} />
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5" data-testid="profile-form">
        {error && <FormMessage>{error}</FormMessage>}
        <TextField id={`${id}-name`} label={t('account.displayName')} error={validationText(errors.displayName?.message)} maxLength={60} autoComplete="nickname" {...form.register('displayName')} />
        <Field
          id={`${id}-bio`}
          label={t('account.bio')}
          error={validationText(errors.bio?.message)}
          labelAside={<span className={`text-xs ${bioLength > 500 ? 'text-danger' : 'text-muted'}`}>{t('account.bioCount', { count: bioLength })}</span>}
        >
          <TextArea id={`${id}-bio`} rows={4} invalid={Boolean(errors.bio)} {...describedBy(`${id}-bio`, errors.bio?.message)} {...form.register('bio')} />
        </Field>
        <TextField
          id={`${id}-avatar`}
          label={t('account.avatarUrl')}
          hint={isUploaded(me?.profile.avatarUrl) ? t('account.avatarUploadedHint') : t('account.avatarHint')}
          error={validationText(errors.avatarUrl?.message)}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.register('avatarUrl')}
        />
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t('consent.country')}</span>
          <Controller
            control={form.control}
            name="countryCode"
            render={({ field }) => <CountryPicker id={`${id}-country`} value={field.value} onChange={(code) => field.onChange(code)} invalid={Boolean(errors.countryCode)} />}
          />
          <FieldError id={`${id}-country-error`} message={validationText(errors.countryCode?.message)} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!isDirty || isSubmitting} data-testid="profile-save">
            {isSubmitting && <Spinner className="h-4 w-4" label={t('states.saving')} />}
            {t('account.saveProfile')}
          </Button>
        </div>
      </form>
    </div>
  );
}
