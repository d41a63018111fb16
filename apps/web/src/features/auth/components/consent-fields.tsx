import { countryRegulation, requiresCookieConsent } from '@grandline/core/regulations';
import { CircleCheck, LoaderCircle, LogOut } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField, describedBy, Field, FieldError, FormMessage, TextInput } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { validationText } from '@/lib/error-text';
import type { ConsentInput, UsernameStatus } from '@/features/auth/consent-form';
import type { ConsentValues } from '@/features/auth/consent-form';
import type { z } from 'zod';
import { CountryPicker } from './country-picker';

const docLink = (to: string) => (
  <Link to={to} target="_blank" rel="noopener" className="font-medium text-accent underline underline-offset-2" />
);

/**
 * User name, country, age, terms, optional marketing, and cookie choices where the country requires them
 * (spec §2). Used by the complete-account overlay, the consent page and the sign-up form.
 */
export function ConsentFields({
  form,
  availability,
}: {
  form: UseFormReturn<ConsentInput, unknown, z.output<typeof ConsentValues>>;
  availability: UsernameStatus;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const uid = useId();
  const { register, control, watch, formState } = form;
  const errors = formState.errors;
  const country = watch('countryCode');
  const regulation = countryRegulation(country || null);
  const cookies = requiresCookieConsent(country || null);

  const usernameError =
    validationText(errors.username?.message) ||
    (availability === 'taken' ? t('validation.usernameTaken') : availability === 'error' ? t('consent.usernameCheckFailed') : undefined);

  return (
    <div className="flex flex-col gap-5">
      <Field
        id={`${uid}-username`}
        label={t('consent.username')}
        hint={t('consent.usernameHint')}
        error={usernameError}
        labelAside={
          availability === 'checking' ? (
            <span className="flex items-center gap-1 text-xs text-muted">
              <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden />
              {t('consent.usernameChecking')}
            </span>
          ) : availability === 'available' && !errors.username ? (
            <span className="flex items-center gap-1 text-xs text-success" data-testid="username-available">
              <CircleCheck className="h-3.5 w-3.5" aria-hidden />
              {t('consent.usernameAvailable')}
            </span>
          ) : null
        }
      >
        <TextInput
          id={`${uid}-username`}
          autoComplete="username"
          spellCheck={false}
          maxLength={30}
          invalid={Boolean(usernameError)}
          {...describedBy(`${uid}-username`, usernameError, true)}
          {...register('username')}
        />
      </Field>

      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium" id={`${uid}-country-label`}>
          {t('consent.country')}
        </span>
        <Controller
          control={control}
          name="countryCode"
          render={({ field }) => (
            <CountryPicker
              id={`${uid}-country`}
              value={field.value}
              onChange={(code) => field.onChange(code)}
              invalid={Boolean(errors.countryCode)}
              describedBy={errors.countryCode ? `${uid}-country-error` : undefined}
            />
          )}
        />
        <FieldError id={`${uid}-country-error`} message={validationText(errors.countryCode?.message)} />
      </div>

      <div className="flex flex-col gap-3">
        <Controller
          control={control}
          name="ageConfirmed"
          render={({ field }) => (
            <CheckboxField
              id={`${uid}-age`}
              testId="consent-age"
              checked={field.value}
              onCheckedChange={field.onChange}
              error={validationText(errors.ageConfirmed?.message)}
            >
              {t('consent.age', { age: regulation.minAge })}
            </CheckboxField>
          )}
        />
        <Controller
          control={control}
          name="tosAccepted"
          render={({ field }) => (
            <CheckboxField
              id={`${uid}-tos`}
              testId="consent-tos"
              checked={field.value}
              onCheckedChange={field.onChange}
              error={validationText(errors.tosAccepted?.message)}
            >
              <Trans t={t} i18nKey="consent.terms" components={{ terms: docLink('/terms-of-service'), privacy: docLink('/privacy') }} />
            </CheckboxField>
          )}
        />
        <Controller
          control={control}
          name="marketingConsent"
          render={({ field }) => (
            <CheckboxField id={`${uid}-marketing`} testId="consent-marketing" checked={field.value} onCheckedChange={field.onChange}>
              {t('consent.marketing')}
            </CheckboxField>
          )}
        />
      </div>

      {cookies && (
        <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="cookie-choices">
          <legend className="px-1 text-sm font-medium">{t('consent.cookies')}</legend>
          <p className="text-xs text-muted">
            <Trans t={t} i18nKey="consent.cookiesLead" components={{ policy: docLink('/cookies-policy') }} />
          </p>
          <CheckboxField id={`${uid}-cookie-necessary`} checked disabled onCheckedChange={() => undefined}>
            {t('consent.cookieNecessary')}
          </CheckboxField>
          <Controller
            control={control}
            name="cookieAnalytics"
            render={({ field }) => (
              <CheckboxField id={`${uid}-cookie-analytics`} checked={field.value} onCheckedChange={field.onChange}>
                {t('consent.cookieAnalytics')}
              </CheckboxField>
            )}
          />
          <Controller
            control={control}
            name="cookieMarketing"
            render={({ field }) => (
              <CheckboxField id={`${uid}-cookie-marketing`} checked={field.value} onCheckedChange={field.onChange}>
                {t('consent.cookieMarketing')}
              </CheckboxField>
            )}
          />
        </fieldset>
      )}
    </div>
  );
}

/**
 * The end of a consent form (the complete-account overlay and /consent): what went wrong, the way out (sign out, or
 * log out and clear) and Accept, which waits for a valid form and shows a spinner while saving.
 */
export function ConsentFooter({
  error,
  ready,
  submitting,
  leaveLabel,
  onLeave,
  leaving = false,
  leaveTestId,
}: {
  error: string | null;
  ready: boolean;
  submitting: boolean;
  leaveLabel: string;
  onLeave: () => void;
  leaving?: boolean;
  leaveTestId?: string;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <>
      {error && <FormMessage>{error}</FormMessage>}
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between [&>button]:justify-center">
        <Button variant="ghost" onClick={onLeave} disabled={leaving} data-testid={leaveTestId}>
          <LogOut className="h-4 w-4" aria-hidden />
          {leaveLabel}
        </Button>
        <Button type="submit" disabled={!ready || submitting} data-testid="consent-accept">
          {submitting && <Spinner className="h-4 w-4" label={t('states.saving')} />}
          {t('consent.accept')}
        </Button>
      </div>
    </>
  );
}
