import { CreateManualCardRequest } from '@grandline/core/contracts/manual-cards';
import type { ManualCardsResponse } from '@grandline/core/contracts/manual-cards';
import { CARD_COLORS, CARD_TYPES } from '@grandline/core/games';
import { zodResolver } from '@hookform/resolvers/zod';
import { PackagePlus, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, FieldError, FormMessage, TextArea, TextField } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Modal } from '@/components/ui/modal';
import { ErrorState } from '@/components/ui/query-states';
import { Select } from '@/components/ui/select';
import { errorText, validationText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { useCreateManualCard, useDeleteManualCard, useManualCards } from '@/features/admin/api/manual-cards-admin';
import { ManualCardExtras, showServerIssues, type ManualCardInput, type ManualCardValues } from './admin-manual-card-extras';
import { PriceSection } from './admin-prices-shared';

/** The section's texts: in the admin page's namespace ('pages'). */
const K = 'admin.manualCards';
const BLOCKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'X'];
type ManualCard = ManualCardsResponse['items'][number];

/**
 * Prints the card package lacks (a new promo), added by hand so decks and binders can hold them and the deck rules
 * judge them; the import that brings the number merges each into the package's print.
 */
export function AdminManualCards() {
  const { t } = useTranslation(['admin', 'pages', 'account', 'cards']);
  const list = useManualCards();
  const remove = useDeleteManualCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ManualCard | null>(null);
  return (
    <PriceSection
      id="admin-manual-cards"
      title={t(`${K}.title`)}
      lead={t(`${K}.lead`)}
      testId="admin-manual-cards"
      actions={
        <Button variant="secondary" onClick={() => setAdding(true)} data-testid="manual-card-add">
          <Plus className="h-4 w-4" aria-hidden />
          {t(`${K}.add`)}
        </Button>
      }
    >
      {list.isPending ? (
        <Skeleton className="h-20" />
      ) : list.isError ? (
        <ErrorState title={t(`${K}.loadFailed`)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={<PackagePlus className="h-10 w-10" aria-hidden />} title={t(`${K}.empty`)}>
          {t(`${K}.emptyHint`)}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface" data-testid="manual-card-list">
          {list.data.map((card) => (
            <li key={card.id} className="flex items-center gap-3 px-4 py-3" data-testid="manual-card-row" data-card={card.cardNumber}>
              <span className="block w-10 shrink-0">
                <CardImage card={card} sizes="40px" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold">{card.cardNumber}</span>
                  <span className="truncate font-medium">{card.name}</span>
                  {card.inPackage && <Badge className="border-success/50 bg-success/10">{t(`${K}.inPackage`)}</Badge>}
                </div>
                <p className="text-xs text-muted">
                  {[t(`types.${card.cardType}`, { ns: 'cards' }), card.colors.map((c) => t(`colors.${c}`, { ns: 'cards' })).join('/'), card.cost !== null ? t(`${K}.costOf`, { cost: card.cost }) : null, t(`${K}.blockOf`, { block: card.blockIcon ?? '—' })]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(card)} aria-label={t(`${K}.removeFor`, { number: card.cardNumber })} data-testid="manual-card-remove">
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddManualCardDialog onClose={() => setAdding(false)} />}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title={t(`${K}.removeTitle`, { number: removing.cardNumber })}
          text={t(`${K}.removeText`)}
          confirmLabel={t(`${K}.remove`)}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              notify.success(t(`${K}.removed`, { number: removing.cardNumber }));
            } catch (err) {
              notify.error(errorText(err, `admin:${K}.removeFailed`));
              throw err;
            }
          }}
        />
      )}
    </PriceSection>
  );
}

/** A number input registered as a number or null (empty). */
const asNumber = (register: (name: 'cost' | 'power' | 'counter' | 'life', options: { setValueAs: (v: string) => number | null }) => UseFormRegisterReturn, name: 'cost' | 'power' | 'counter' | 'life') =>
  register(name, { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) });

function AddManualCardDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['admin', 'pages', 'account', 'cards']);
  const id = useId();
  const create = useCreateManualCard();
  const [error, setError] = useState<string | null>(null);
  const [types, setTypes] = useState('');
  const form = useForm<ManualCardInput, unknown, ManualCardValues>({
    resolver: zodResolver(CreateManualCardRequest),
    defaultValues: { cardNumber: '', name: '', cardType: 'Character', colors: [], cost: null, power: null, counter: null, life: null, blockIcon: '4', rarity: 'P', subtypes: [], cardText: '', imageUrl: null, flavorText: null, artist: null, legality: null },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const cardType = useWatch({ control: form.control, name: 'cardType' });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const card = await create.mutateAsync({ ...values, cardText: values.cardText || null });
      notify.success(t(`${K}.added`, { number: card.cardNumber, name: card.name }));
      onClose();
    } catch (err) {
      // A message about a field (the image address that could not be fetched) is shown under it.
      if (!showServerIssues(form, err)) setError(errorText(err, `admin:${K}.addFailed`));
    }
  });
  const number = (name: 'cost' | 'power' | 'counter' | 'life', label: string) => (
    <TextField id={`${id}-${name}`} type="number" inputMode="numeric" label={label} error={validationText(errors[name]?.message)} {...asNumber(form.register, name)} data-testid={`manual-card-${name}`} />
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${K}.addTitle`)}
      description={t(`${K}.addLead`)}
      closeLabel={t('actions.close', { ns: 'common' })}
      size="lg"
      testId="manual-card-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={isSubmitting} data-testid="manual-card-save">
            {isSubmitting && <Spinner className="h-4 w-4" label={t(`${K}.save`)} />}
            {t(`${K}.save`)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField id={`${id}-number`} label={t(`${K}.fields.number`)} placeholder="P-120" autoComplete="off" className="font-mono uppercase" error={validationText(errors.cardNumber?.message)} {...form.register('cardNumber')} data-testid="manual-card-number" />
          <div className="sm:col-span-2">
            <TextField id={`${id}-name`} label={t(`${K}.fields.name`)} autoComplete="off" error={validationText(errors.name?.message)} {...form.register('name')} data-testid="manual-card-name" />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field id={`${id}-type`} label={t(`${K}.fields.type`)}>
            <Controller
              control={form.control}
              name="cardType"
              render={({ field }) => (
                <Select id={`${id}-type`} label={t(`${K}.fields.type`)} value={field.value} onValueChange={field.onChange} options={CARD_TYPES.map((c) => ({ value: c, label: t(`types.${c}`, { ns: 'cards' }) }))} />
              )}
            />
          </Field>
          <Field id={`${id}-block`} label={t(`${K}.fields.block`)} hint={t(`${K}.blockHint`)} error={validationText(errors.blockIcon?.message)}>
            <Controller
              control={form.control}
              name="blockIcon"
              render={({ field }) => <Select id={`${id}-block`} label={t(`${K}.fields.block`)} value={field.value} onValueChange={field.onChange} options={BLOCKS.map((b) => ({ value: b, label: b }))} />}
            />
          </Field>
          <TextField id={`${id}-rarity`} label={t(`${K}.fields.rarity`)} autoComplete="off" error={validationText(errors.rarity?.message)} {...form.register('rarity')} data-testid="manual-card-rarity" />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t(`${K}.fields.colors`)}</legend>
          <Controller
            control={form.control}
            name="colors"
            render={({ field }) => (
              <div className="flex flex-wrap gap-2" data-testid="manual-card-colors">
                {CARD_COLORS.map((c) => (
                  <Chip key={c} pressed={field.value.includes(c)} onPressedChange={(on) => field.onChange(on ? [...field.value, c] : field.value.filter((v) => v !== c))}>
                    {t(`colors.${c}`, { ns: 'cards' })}
                  </Chip>
                ))}
              </div>
            )}
          />
          <FieldError id={`${id}-colors-error`} message={validationText(errors.colors?.message ?? errors.colors?.root?.message)} />
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-4">
          {cardType === 'Leader' ? number('life', t(`${K}.fields.life`)) : number('cost', t(`${K}.fields.cost`))}
          {cardType !== 'Event' && cardType !== 'Stage' && number('power', t(`${K}.fields.power`))}
          {cardType === 'Character' && number('counter', t(`${K}.fields.counter`))}
        </div>
        <TextField
          id={`${id}-types`}
          label={t(`${K}.fields.types`)}
          hint={t(`${K}.typesHint`)}
          value={types}
          error={validationText(errors.subtypes?.message)}
          onChange={(e) => {
            setTypes(e.target.value);
            form.setValue(
              'subtypes',
              e.target.value
                .split('/')
                .map((s) => s.trim())
                .filter(Boolean),
            );
          }}
        />
        <Field id={`${id}-text`} label={t(`${K}.fields.text`)} hint={t(`${K}.textHint`)} error={validationText(errors.cardText?.message)}>
          <TextArea id={`${id}-text`} rows={3} maxLength={1000} {...form.register('cardText')} />
        </Field>
        <ManualCardExtras form={form} id={id} />
        {error && <FormMessage>{error}</FormMessage>}
      </form>
    </Modal>
  );
}
