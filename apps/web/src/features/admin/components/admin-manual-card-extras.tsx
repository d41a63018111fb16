import type { CreateManualCardRequest } from '@grandline/core/contracts/manual-cards';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { describedBy, Field, TextArea, TextField } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { validationText } from '@/lib/error-text';

export type ManualCardInput = z.input<typeof CreateManualCardRequest>;
export type ManualCardValues = z.output<typeof CreateManualCardRequest>;
export type ManualCardForm = UseFormReturn<ManualCardInput, unknown, ManualCardValues>;

const K = 'admin.manualCards';
/** The fields the form has: a server's message about one of them is shown under it. */
const FORM_FIELDS = new Set<string>(['cardNumber', 'name', 'cardType', 'colors', 'cost', 'power', 'counter', 'life', 'blockIcon', 'rarity', 'subtypes', 'cardText', 'imageUrl', 'flavorText', 'artist', 'legality']);

/** An empty optional text is none (null), as the server stores it. */
const orNull = (v: string | null | undefined) => (v === '' || v === undefined ? null : v);

/**
 * The server's field-level messages (a refused image address: 'The image at this address could not be fetched') shown
 * under their fields, in the user's language; false when none names a field of the form.
 */
export function showServerIssues(form: ManualCardForm, err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const shown = err.issues.filter((issue) => FORM_FIELDS.has(issue.path));
  for (const issue of shown) form.setError(issue.path as FieldPath<ManualCardInput>, { type: 'server', message: issue.message }, { shouldFocus: true });
  return shown.length > 0;
}

/**
 * The optional print details of the specification's card import schema: its art (an https address the server fetches),
 * flavor text, artist and legality, each with the schema's limit and message.
 */
export function ManualCardExtras({ form, id }: { form: ManualCardForm; id: string }) {
  const { t } = useTranslation(['admin', 'pages', 'account', 'cards']);
  const { errors } = form.formState;
  const flavorError = validationText(errors.flavorText?.message);
  return (
    <>
      <TextField
        id={`${id}-image`}
        type="url"
        inputMode="url"
        label={t(`${K}.fields.imageUrl`)}
        hint={t(`${K}.imageUrlHint`)}
        placeholder="https://"
        autoComplete="off"
        error={validationText(errors.imageUrl?.message)}
        {...form.register('imageUrl', { setValueAs: orNull })}
        data-testid="manual-card-image"
      />
      <Field id={`${id}-flavor`} label={t(`${K}.fields.flavorText`)} hint={t(`${K}.optionalHint`)} error={flavorError}>
        <TextArea id={`${id}-flavor`} rows={2} invalid={Boolean(flavorError)} {...describedBy(`${id}-flavor`, flavorError, true)} {...form.register('flavorText', { setValueAs: orNull })} data-testid="manual-card-flavor" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-artist`} label={t(`${K}.fields.artist`)} autoComplete="off" error={validationText(errors.artist?.message)} {...form.register('artist', { setValueAs: orNull })} data-testid="manual-card-artist" />
        <TextField
          id={`${id}-legality`}
          label={t(`${K}.fields.legality`)}
          hint={t(`${K}.legalityHint`)}
          autoComplete="off"
          error={validationText(errors.legality?.message)}
          {...form.register('legality', { setValueAs: orNull })}
          data-testid="manual-card-legality"
        />
      </div>
    </>
  );
}
