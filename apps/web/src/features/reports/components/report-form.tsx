import type { ReportUsage } from '@grandline/core/contracts/reports';
import { MARKETPLACES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { Play } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { describedBy, Field, TextInput } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import { validationText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { useMyDecks } from '@/features/decks/api/decks-api';
import type { FieldErrors, FieldName, ReportForm } from '@/features/reports/utils/report-form';

export interface FormProps {
  /** The page's id prefix: each field's id is `${uid}-${field}` (the page focuses the first wrong one). */
  uid: string;
  form: ReportForm;
  errors: FieldErrors;
  currency: string;
  set: <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => void;
}

/**
 * The report's settings (spec §2): scope, reference, compared markets, price type, minimum difference and the
 * reference price range, then the Run bar. One column on a phone whatever the labels' length (issue 46: the Spanish
 * form overflowed 390 px, a grid track is as wide as its longest unbreakable label unless told `minmax(0, 1fr)`).
 */
export function ReportFormCard({ onSubmit, usage, usagePending, running, ...props }: FormProps & { onSubmit: (event: FormEvent) => void; usage: ReportUsage | undefined; usagePending: boolean; running: boolean }) {
  const { t } = useTranslation('prices');
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-xl border border-border bg-surface p-4 sm:p-5" aria-label={t('report.formLabel')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <MarketFields {...props} />
        <FilterFields {...props} />
      </div>
      <RunBar uid={props.uid} usage={usage} usagePending={usagePending} running={running} currency={props.currency} />
    </form>
  );
}

function MarketFields({ uid, form, errors, set }: FormProps) {
  const { t } = useTranslation('prices');
  const binders = useMyBinders();
  const decks = useMyDecks();
  const scopeOptions = [
    { value: 'portfolio', label: t('report.scopePortfolio') },
    ...(binders.data ?? []).filter((b) => b.category !== 'wishlist').map((b) => ({ value: `binder:${b.id}`, label: t('report.scopeBinder', { name: b.name }) })),
    ...(decks.data ?? []).map((d) => ({ value: `deck:${d.id}`, label: t('report.scopeDeck', { name: d.name }) })),
  ];
  const marketOptions = MARKETPLACES.map((m) => ({ value: m.id, label: m.name, hint: t(`watches.regions.${m.region}`) }));
  const error = (name: FieldName) => (errors[name] ? validationText(errors[name]) : undefined);
  return (
    <>
      <Field id={`${uid}-scope`} error={error('scope')} label={t('report.scope')}>
        <Select id={`${uid}-scope`} label={t('report.scope')} value={form.scope} onValueChange={(v) => set('scope', v)} options={scopeOptions} className="w-full" />
      </Field>
      <Field id={`${uid}-reference`} error={error('reference')} label={t('report.reference')}>
        <Select
          id={`${uid}-reference`}
          label={t('report.reference')}
          value={form.reference}
          placeholder={t('report.referencePlaceholder')}
          onValueChange={(v) => set('reference', v as MarketplaceId)}
          options={marketOptions.map((m) => ({ value: m.value, label: `${m.label} (${m.hint})`, short: m.label }))}
          className="w-full"
        />
      </Field>
      <Field id={`${uid}-compareAgainst`} error={error('compareAgainst')} label={t('report.compareAgainst')}>
        <MultiSelect
          id={`${uid}-compareAgainst`}
          label={t('report.compareAgainst')}
          options={marketOptions.filter((m) => m.value !== form.reference)}
          value={form.compareAgainst}
          onChange={(v) => set('compareAgainst', v)}
          invalid={Boolean(errors.compareAgainst)}
          describedBy={errors.compareAgainst ? `${uid}-compareAgainst-error` : undefined}
          texts={{
            placeholder: t('report.compareAgainstPlaceholder'),
            search: t('report.searchMarkets'),
            noMatch: t('report.noMarketMatch'),
            selectAll: t('report.selectAll'),
            clear: t('report.clear'),
            remove: (label) => t('report.removeMarket', { market: label }),
            count: (count) => t('report.marketCount', { count }),
          }}
        />
      </Field>
      <Field id={`${uid}-priceType`} label={t('report.priceType')}>
        <Select
          id={`${uid}-priceType`}
          label={t('report.priceType')}
          value={form.priceType}
          onValueChange={(v) => set('priceType', v as PriceType)}
          options={(['min', 'avg', 'max'] as const).map((p) => ({ value: p, label: t(`report.priceTypes.${p}`) }))}
          className="w-full"
        />
      </Field>
    </>
  );
}

function FilterFields({ uid, form, errors, currency, set }: FormProps) {
  const { t } = useTranslation('prices');
  return (
    <>
      <Field id={`${uid}-minDifferencePct`} error={errors.minDifferencePct ? validationText(errors.minDifferencePct) : undefined} label={t('report.minDifference')} hint={t('report.minDifferenceHint')}>
        <TextInput
          id={`${uid}-minDifferencePct`}
          inputMode="decimal"
          value={form.minDifferencePct}
          onChange={(e) => set('minDifferencePct', e.target.value)}
          invalid={Boolean(errors.minDifferencePct)}
          {...describedBy(`${uid}-minDifferencePct`, errors.minDifferencePct, true)}
        />
      </Field>
      <fieldset className="flex min-w-0 flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('report.referenceRange', { currency })}</legend>
        <div className="grid grid-cols-2 gap-2">
          <TextInput
            id={`${uid}-referenceMin`}
            inputMode="decimal"
            aria-label={t('report.referenceMin')}
            placeholder={t('report.referenceMin')}
            value={form.referenceMin}
            onChange={(e) => set('referenceMin', e.target.value)}
            invalid={Boolean(errors.referenceMin)}
          />
          <TextInput
            id={`${uid}-referenceMax`}
            inputMode="decimal"
            aria-label={t('report.referenceMax')}
            placeholder={t('report.referenceMax')}
            value={form.referenceMax}
            onChange={(e) => set('referenceMax', e.target.value)}
            invalid={Boolean(errors.referenceMax)}
          />
        </div>
        {(errors.referenceMin || errors.referenceMax) && (
          <p role="alert" className="text-xs font-medium text-danger">
            {validationText(errors.referenceMin ?? errors.referenceMax)}
          </p>
        )}
      </fieldset>
    </>
  );
}

/**
 * The note and the Run button. When the plan's reports of the week are used, Run is disabled and says why and when
 * it comes back (issue 46), described by that text — not a "Limit reached" answer after a click.
 */
function RunBar({ uid, usage, usagePending, running, currency }: { uid: string; usage: ReportUsage | undefined; usagePending: boolean; running: boolean; currency: string }) {
  const { t } = useTranslation('prices');
  const usedUp = usage?.remaining === 0;
  const reasonId = `${uid}-run-reason`;
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
      <div className="min-w-0 flex-1 basis-64" aria-live="polite">
        {usedUp && usage.limit !== null ? (
          <p id={reasonId} className="text-sm" data-testid="report-run-reason">
            {t('report.usedUp', { date: formatDate(usage.resetsAt, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }) })}{' '}
            <Link to="/settings?tab=subscription" className="font-medium whitespace-nowrap text-accent underline-offset-2 hover:underline">
              {t('watches.seePlans')}
            </Link>
          </p>
        ) : (
          <p className="text-xs text-muted">{usage?.previewRows ? t('report.previewNote', { count: usage.previewRows }) : t('report.pricesNote', { currency })}</p>
        )}
      </div>
      <Button type="submit" disabled={running || usagePending || usedUp} aria-describedby={usedUp ? reasonId : undefined} data-testid="report-run">
        {running ? <Spinner className="h-4 w-4" label={t('report.running')} /> : <Play className="h-4 w-4" aria-hidden />}
        {t('report.run')}
      </Button>
    </div>
  );
}
