import { CreateRegulationRequest, type Regulation } from '@grandline/core/contracts/regulations';
import { REGULATION_KINDS, type RegulationKind } from '@grandline/core/decks/regulations';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ExternalLink, Plus, ShieldBan } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormMessage, TextArea, TextField, TextInput, describedBy } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Modal } from '@/components/ui/modal';
import { ErrorState } from '@/components/ui/query-states';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { errorText, validationText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { useAdminRegulations, useCreateRegulation, useEndRegulation } from '@/features/admin/api/regulations-admin';
import { AdminManualCards } from './admin-manual-cards';
import { PriceSection, useDateFormats } from './admin-prices-shared';
import { today } from '@grandline/core/decks/formats';

/** The section's texts: in the admin page's namespace ('pages'). */
const K = 'admin.regulations';

const STATUS_TONE: Record<Regulation['status'], string> = {
  inForce: 'border-danger/50 bg-danger/10 text-fg',
  upcoming: 'border-accent/50 bg-accent/10 text-fg',
  ended: 'border-border bg-surface-2 text-muted',
};

/**
 * /admin?tab=rules: the banned cards, restricted cards and banned pairs decks are judged on. Entries are added with
 * the announcement's page and ended on a day; nothing is deleted, so old decks keep the list of their date.
 */
export function AdminRegulations() {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const entries = useAdminRegulations();
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<Regulation | null>(null);
  const current = entries.data?.filter((r) => r.status !== 'ended') ?? [];
  const history = entries.data?.filter((r) => r.status === 'ended') ?? [];

  return (
    <div className="flex flex-col gap-8">
      <PriceSection
        id="admin-regulations-current"
        title={t(`${K}.currentTitle`)}
        lead={t(`${K}.lead`)}
        testId="admin-regulations"
        actions={
          <Button onClick={() => setAdding(true)} data-testid="regulation-add">
            <Plus className="h-4 w-4" aria-hidden />
            {t(`${K}.add`)}
          </Button>
        }
      >
        {entries.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : entries.isError ? (
          <ErrorState title={t(`${K}.loadFailed`)} onRetry={() => void entries.refetch()} />
        ) : current.length === 0 ? (
          <EmptyState icon={<ShieldBan className="h-10 w-10" aria-hidden />} title={t(`${K}.empty`)}>
            {t(`${K}.emptyHint`)}
          </EmptyState>
        ) : (
          <RegulationList items={current} onEnd={setEnding} testId="regulations-current" />
        )}
      </PriceSection>
      {history.length > 0 && (
        <PriceSection id="admin-regulations-history" title={t(`${K}.historyTitle`)} lead={t(`${K}.historyLead`)}>
          <RegulationList items={history} testId="regulations-history" />
        </PriceSection>
      )}
      {/* Below lists of unknown length: drawn once they are there, so it does not jump down when they arrive. */}
      {!entries.isPending && <AdminManualCards />}
      {adding && <AddRegulationDialog onClose={() => setAdding(false)} />}
      {ending && <EndRegulationDialog entry={ending} onClose={() => setEnding(null)} />}
    </div>
  );
}

/** "OP11-040 + OP11-067" for a pair, the number otherwise. */
const cardsOf = (r: Pick<Regulation, 'cardNumber' | 'pairedWith'>) => (r.pairedWith ? `${r.cardNumber} + ${r.pairedWith}` : r.cardNumber);

function RegulationList({ items, onEnd, testId }: { items: Regulation[]; onEnd?: (entry: Regulation) => void; testId: string }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const formats = useDateFormats();
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface" data-testid={testId}>
      {items.map((r) => (
        <li key={r.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="regulation-row" data-kind={r.kind} data-from={r.from} data-card={r.cardNumber}>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{t(`${K}.kinds.${r.kind}`)}</Badge>
              <span className="font-mono text-sm font-semibold">{cardsOf(r)}</span>
              <Badge className={cn('whitespace-nowrap', STATUS_TONE[r.status])} data-testid="regulation-status">
                {t(`${K}.statuses.${r.status}`)}
              </Badge>
            </div>
            {r.note && <p className="text-sm">{r.note}</p>}
            <p className="text-xs text-muted">
              {r.until ? t(`${K}.period`, { from: formats.day(r.from), until: formats.day(r.until) }) : t(`${K}.since`, { from: formats.day(r.from) })}
              {' · '}
              {r.shipped ? t(`${K}.shipped`) : t(`${K}.addedBy`, { who: r.createdBy ?? t(`${K}.someone`), date: formats.dateTime(r.createdAt) })}
              {r.endedAt && ` · ${t(`${K}.endedBy`, { who: r.endedBy ?? t(`${K}.someone`), date: formats.dateTime(r.endedAt) })}`}
            </p>
            <a href={r.source} target="_blank" rel="noreferrer noopener" className="inline-flex w-fit max-w-full items-center gap-1 truncate text-xs text-accent underline-offset-2 hover:underline">
              <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
              <span className="truncate">{t(`${K}.source`, { host: hostOf(r.source) })}</span>
            </a>
          </div>
          {onEnd && !r.until && (
            <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={() => onEnd(r)} aria-label={t(`${K}.endFor`, { cards: cardsOf(r) })} data-testid="regulation-end">
              {t(`${K}.end`)}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

type FormInput = z.input<typeof CreateRegulationRequest>;
type FormValues = z.output<typeof CreateRegulationRequest>;

function AddRegulationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const id = useId();
  const create = useCreateRegulation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(CreateRegulationRequest),
    defaultValues: { game: 'onepiece', kind: 'banned', cardNumber: '', pairedWith: null, from: today(), until: null, source: '', note: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const added = await create.mutateAsync({ ...values, pairedWith: values.kind === 'pair' ? values.pairedWith : null, note: values.note || null });
      notify.success(t(`${K}.added`, { cards: cardsOf(added) }));
      onClose();
    } catch (err) {
      setError(errorText(err, `admin:${K}.addFailed`));
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${K}.addTitle`)}
      description={t(`${K}.addLead`)}
      closeLabel={t('actions.close', { ns: 'common' })}
      testId="regulation-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={isSubmitting} data-testid="regulation-save">
            {isSubmitting && <Spinner className="h-4 w-4" label={t(`${K}.save`)} />}
            {t(`${K}.save`)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <Field id={`${id}-kind`} label={t(`${K}.fields.kind`)} hint={t(`${K}.kindHints.${kind}`)}>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                id={`${id}-kind`}
                label={t(`${K}.fields.kind`)}
                value={field.value}
                onValueChange={(v) => field.onChange(v as RegulationKind)}
                options={REGULATION_KINDS.map((k) => ({ value: k, label: t(`${K}.kinds.${k}`) }))}
              />
            )}
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-card`}
            label={kind === 'pair' ? t(`${K}.fields.firstCard`) : t(`${K}.fields.card`)}
            placeholder="OP01-016"
            autoComplete="off"
            className="font-mono uppercase"
            error={validationText(errors.cardNumber?.message)}
            {...form.register('cardNumber')}
            data-testid="regulation-card"
          />
          {kind === 'pair' && (
            <TextField
              id={`${id}-paired`}
              label={t(`${K}.fields.secondCard`)}
              placeholder="OP02-004"
              autoComplete="off"
              className="font-mono uppercase"
              error={validationText(errors.pairedWith?.message)}
              {...form.register('pairedWith')}
              data-testid="regulation-paired"
            />
          )}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id={`${id}-from`} label={t(`${K}.fields.from`)} hint={t(`${K}.fromHint`)} error={validationText(errors.from?.message)}>
            <TextInput id={`${id}-from`} type="date" invalid={Boolean(errors.from)} {...describedBy(`${id}-from`, errors.from?.message, true)} {...form.register('from')} data-testid="regulation-from" />
          </Field>
        </div>
        <TextField
          id={`${id}-source`}
          type="url"
          label={t(`${K}.fields.source`)}
          hint={t(`${K}.sourceHint`)}
          placeholder="https://en.onepiece-cardgame.com/rules/restriction"
          error={validationText(errors.source?.message)}
          {...form.register('source')}
          data-testid="regulation-source"
        />
        <Field id={`${id}-note`} label={t(`${K}.fields.note`)} hint={t(`${K}.noteHint`)} error={validationText(errors.note?.message)}>
          <TextArea id={`${id}-note`} rows={2} maxLength={500} invalid={Boolean(errors.note)} {...describedBy(`${id}-note`, errors.note?.message, true)} {...form.register('note')} />
        </Field>
        {error && <FormMessage>{error}</FormMessage>}
      </form>
    </Modal>
  );
}

function EndRegulationDialog({ entry, onClose }: { entry: Regulation; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const id = useId();
  const end = useEndRegulation();
  const [until, setUntil] = useState(() => (today() > entry.from ? today() : ''));
  const [error, setError] = useState<string | null>(null);
  const tooEarly = until !== '' && until <= entry.from;
  const confirm = async () => {
    setError(null);
    try {
      await end.mutateAsync({ id: entry.id, until });
      notify.success(t(`${K}.ended`, { cards: cardsOf(entry) }));
      onClose();
    } catch (err) {
      setError(errorText(err, `admin:${K}.endFailed`));
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`${K}.endTitle`, { cards: cardsOf(entry) })}
      description={t(`${K}.endLead`)}
      closeLabel={t('actions.close', { ns: 'common' })}
      testId="regulation-end-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={!until || tooEarly || end.isPending} data-testid="regulation-end-confirm">
            {end.isPending && <Spinner className="h-4 w-4" label={t(`${K}.end`)} />}
            {t(`${K}.end`)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field id={`${id}-until`} label={t(`${K}.fields.until`)} hint={t(`${K}.untilHint`)} error={tooEarly ? validationText('validation.regulationEndsBeforeStart') : undefined}>
          <TextInput
            id={`${id}-until`}
            type="date"
            value={until}
            invalid={tooEarly}
            {...describedBy(`${id}-until`, tooEarly ? 'x' : undefined, true)}
            onChange={(e) => setUntil(e.target.value)}
            data-testid="regulation-until"
          />
        </Field>
        {error && <FormMessage>{error}</FormMessage>}
      </div>
    </Modal>
  );
}
