import { BINDER_CATEGORIES, BinderForm, type BinderCategory, type BinderFormInput } from '@grandline/core/contracts/binders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Briefcase, Heart, Library } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, FieldError, TextArea, TextField, describedBy } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { choiceCard } from '@/components/ui/styles';
import { validationText } from '@/lib/error-text';
import { cn } from '@/lib/cn';
import { PlanLockedNote } from '@/features/plans/components/plan-locked-note';

const ICONS = { personal: Library, trade: Briefcase, wishlist: Heart } as const;

export type BinderFormValues = BinderForm;

/**
 * Name (required, under 100), description (under 500, with a counter), category (must be chosen) and
 * visibility; used by /collection/new and the edit dialog. `categories` limits the choice (the wishlist exists once).
 */
export function BinderFormFields({
  defaults,
  categories = BINDER_CATEGORIES,
  submitLabel,
  onSubmit,
  onCancel,
  cancelLabel,
  privateLocked = false,
  familyAvailable = false,
}: {
  /** The user is in a family (Family plan): the binder may be shared with it. */
  familyAvailable?: boolean;
  defaults?: Partial<BinderFormInput>;
  /** The plan has no private binders (Free): a public binder stays public; a private one (made before) may stay so. */
  privateLocked?: boolean;
  categories?: readonly BinderCategory[];
  submitLabel: string;
  onSubmit: (values: BinderFormValues) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const id = useId();
  const form = useForm<BinderFormInput, unknown, BinderFormValues>({
    resolver: zodResolver(BinderForm),
    defaultValues: { name: '', description: '', category: '', isPublic: false, familyShared: false, ...defaults },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const category = useWatch({ control: form.control, name: 'category' });
  // The wishlist is a list, not a collection: it may stay private on any plan.
  const forcedPublic = privateLocked && category !== 'wishlist' && defaults?.isPublic !== false;
  const categoryError = validationText(errors.category?.message);
  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={form.handleSubmit((values) => onSubmit(forcedPublic ? { ...values, isPublic: true } : values))} data-testid="binder-form">
      <TextField id={`${id}-name`} label={t('form.name')} autoComplete="off" error={validationText(errors.name?.message)} {...form.register('name')} data-testid="binder-name" />
      <Field
        id={`${id}-description`}
        label={t('form.description')}
        error={validationText(errors.description?.message)}
        labelAside={<span className={cn('text-xs tabular-nums', description.length > 499 ? 'text-danger' : 'text-muted')}>{description.length}/499</span>}
      >
        <TextArea id={`${id}-description`} rows={3} invalid={Boolean(errors.description)} {...describedBy(`${id}-description`, errors.description?.message)} {...form.register('description')} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend id={`${id}-category`} className="mb-1.5 text-sm font-medium">
          {t('form.category')}
        </legend>
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <RadioGroup.Root
              value={field.value}
              onValueChange={(v) => field.onChange(v)}
              aria-labelledby={`${id}-category`}
              {...describedBy(`${id}-category-field`, errors.category?.message)}
              className="grid grid-cols-1 gap-2 sm:grid-cols-3"
              data-testid="binder-category-choice"
            >
              {categories.map((c) => {
                const Icon = ICONS[c];
                return (
                  <RadioGroup.Item
                    key={c}
                    value={c}
                    className={cn(choiceCard, 'flex flex-col items-start gap-1 bg-surface p-3')}
                    data-testid={`category-${c}`}
                  >
                    <span className="flex items-center gap-2 text-sm font-semibold">
                      <Icon className="h-4 w-4" aria-hidden />
                      {t(`categories.${c}`)}
                    </span>
                    <span className="text-xs text-muted">{t(`categoryHints.${c}`)}</span>
                  </RadioGroup.Item>
                );
              })}
            </RadioGroup.Root>
          )}
        />
        <FieldError id={`${id}-category-field-error`} message={categoryError} />
      </fieldset>
      <Controller
        control={form.control}
        name="isPublic"
        render={({ field }) => (
          <div className="flex flex-col gap-2">
            <CheckboxField id={`${id}-public`} checked={forcedPublic || field.value} disabled={forcedPublic} onCheckedChange={field.onChange} testId="binder-public">
              <span className="font-medium">{t('form.public')}</span>
              <span className="block text-xs text-muted">{t('form.publicHint')}</span>
            </CheckboxField>
            {forcedPublic && <PlanLockedNote text={t('common:plans.privateLockedHint')} testId="binder-private-locked" />}
          </div>
        )}
      />
      {familyAvailable && (
        <Controller
          control={form.control}
          name="familyShared"
          render={({ field }) => (
            <CheckboxField id={`${id}-family`} checked={field.value ?? false} onCheckedChange={field.onChange} testId="binder-family-shared">
              <span className="font-medium">{t('common:family.shareWithFamily')}</span>
              <span className="block text-xs text-muted">{t('common:family.shareWithFamilyHint')}</span>
            </CheckboxField>
          )}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting} data-testid="binder-submit">
          {isSubmitting && <Spinner className="h-4 w-4" label={submitLabel} />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
