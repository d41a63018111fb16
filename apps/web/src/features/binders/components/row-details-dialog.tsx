import { BinderRowForm, CARD_CONDITIONS, CARD_LANGUAGES, type BinderCardRow, type BinderRowFormInput, type BinderRowFormValues } from '@grandline/core/contracts/binders';
import { CURRENCY_CODES, isCurrencyCode } from '@grandline/core/money/currencies';
import { decimalText, parsePrice, toMajor } from '@grandline/core/money/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorText, validationText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { binderChanged, bindersApi } from '@/features/binders/api/binders-api';
import { productCode } from '@grandline/core/set-code';

const NONE = '_none';

/** Copies, condition, language and purchase price of one row; a row that now matches another of the same print merges with it. */
export function RowDetailsDialog({ row, binderId, open, onOpenChange }: { row: BinderCardRow; binderId: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const id = useId();
  const { currency } = usePreferences();
  const form = useForm<BinderRowFormInput, unknown, BinderRowFormValues>({
    resolver: zodResolver(BinderRowForm),
    defaultValues: {
      quantity: row.quantity,
      condition: (row.condition ?? '') as BinderRowFormInput['condition'],
      language: (row.language ?? '') as BinderRowFormInput['language'],
      purchasePrice: row.purchasePriceMinor === null ? '' : decimalText(row.purchasePriceMinor, row.purchaseCurrency),
      purchaseCurrency: isCurrencyCode(row.purchaseCurrency) ? row.purchaseCurrency : currency,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const save = async (values: BinderRowFormValues) => {
    // The form's schema has read the text already; here it becomes the amount the API takes (major units).
    const read = parsePrice(values.purchasePrice, values.purchaseCurrency);
    const price = read.ok && read.minor !== null ? toMajor(read.minor, values.purchaseCurrency) : null;
    try {
      await bindersApi.updateCard(binderId, row.id, {
        quantity: values.quantity,
        condition: values.condition || null,
        language: values.language || null,
        purchasePrice: price,
        purchaseCurrency: price === null ? null : values.purchaseCurrency,
      });
      binderChanged(binderId);
      notify.success(t('details.saved'));
      onOpenChange(false);
    } catch (err) {
      notify.failure(err, errorText(err, 'binders:toasts.updateFailed'));
    }
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('details.title')} closeLabel={t('actions.close')} testId="row-details-dialog">
      <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(save)}>
        <div className="flex items-center gap-3">
          <div className="w-12 shrink-0">
            <CardImage card={row.card} sizes="48px" />
          </div>
          <div className="min-w-0">
            <p className="truncate font-medium">{row.card.name}</p>
            <p className="font-mono text-xs text-muted">
              {row.card.cardNumber}
              {row.card.variant ? ` · ${row.card.variant}` : ''}
              {row.card.set?.code ? ` · ${productCode(row.card.set.code)}` : ''}
            </p>
          </div>
        </div>
        <TextField id={`${id}-quantity`} label={t('cards.columns.quantity')} type="number" inputMode="numeric" min={1} max={9999} error={validationText(errors.quantity?.message)} {...form.register('quantity')} data-testid="row-quantity-input" />
        <div className="grid grid-cols-2 gap-3">
          <Controller
            control={form.control}
            name="condition"
            render={({ field }) => (
              <SelectField
                label={t('cards.columns.condition')}
                value={field.value || NONE}
                onValueChange={(v) => field.onChange(v === NONE ? '' : v)}
                options={[{ value: NONE, label: '—' }, ...CARD_CONDITIONS.map((c) => ({ value: c, label: `${c} · ${t(`conditions.${c}`)}`, short: c }))]}
              />
            )}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <SelectField
                label={t('cards.columns.language')}
                value={field.value || NONE}
                onValueChange={(v) => field.onChange(v === NONE ? '' : v)}
                options={[{ value: NONE, label: '—' }, ...CARD_LANGUAGES.map((l) => ({ value: l, label: l }))]}
              />
            )}
          />
        </div>
        <div className="grid grid-cols-[1fr_8rem] items-start gap-3">
          <TextField
            id={`${id}-price`}
            label={t('details.price')}
            hint={t('details.priceHint')}
            inputMode="decimal"
            autoComplete="off"
            error={validationText(errors.purchasePrice?.message)}
            {...form.register('purchasePrice')}
            data-testid="row-price-input"
          />
          <Controller
            control={form.control}
            name="purchaseCurrency"
            render={({ field }) => (
              <SelectField label={t('details.currency')} value={field.value} onValueChange={field.onChange} options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
            )}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} data-testid="row-details-save">
            {isSubmitting && <Spinner className="h-4 w-4" label={t('actions.save')} />}
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
