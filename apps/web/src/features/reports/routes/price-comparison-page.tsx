import { PriceComparisonRequest, type PriceComparisonResponse, type PriceComparisonRow, type ReportSort } from '@grandline/core/contracts/reports';
import { MARKETPLACES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { cardPath } from '@grandline/core/slug';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Lock, Play, Scale } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClass } from '@/components/ui/button';
import { describedBy, Field, FormMessage, TextInput } from '@/components/ui/form';
import { Badge, EmptyState, PageHeader, Skeleton, Spinner } from '@/components/ui/misc';
import { MultiSelect } from '@/components/ui/multi-select';
import { Select } from '@/components/ui/select';
import { stackedTable } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadText } from '@/lib/download';
import { errorText, validationText } from '@/lib/error-text';
import { formatDate, formatNumber } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { useMyDecks } from '@/features/decks/api/decks-api';
import { reportsApi, reportUsageQuery, useReportUsage } from '@/features/reports/api/reports-api';

export const loader = () => {
  void queryClient.prefetchQuery(reportUsageQuery());
  return null;
};

const marketName = (id: MarketplaceId) => MARKETPLACES.find((m) => m.id === id)?.name ?? id;

type FieldName = 'scope' | 'reference' | 'compareAgainst' | 'minDifferencePct' | 'referenceMin' | 'referenceMax';
const FIELD_ORDER: FieldName[] = ['scope', 'reference', 'compareAgainst', 'minDifferencePct', 'referenceMin', 'referenceMax'];

interface Form {
  scope: string;
  reference: MarketplaceId | '';
  compareAgainst: MarketplaceId[];
  priceType: PriceType;
  minDifferencePct: string;
  referenceMin: string;
  referenceMax: string;
}

/** A typed number ('12,5' as well as '12.5'); '' is null; anything else is NaN (the schema's message then). */
const numberOf = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

function scopeOf(key: string) {
  if (key === 'portfolio') return { portfolio: true as const };
  const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (kind === 'binder' && id) return { binderId: id };
  if (kind === 'deck' && id) return { deckId: id };
  return null;
}

/** The request of a form, or the first message of each field that is wrong (message keys, in form order). */
function requestOf(form: Form, currency: string): { body: PriceComparisonRequest } | { errors: Partial<Record<FieldName, string>> } {
  const body = {
    scope: scopeOf(form.scope),
    reference: form.reference || null,
    compareAgainst: form.compareAgainst,
    priceType: form.priceType,
    minDifferencePct: numberOf(form.minDifferencePct),
    referenceMin: numberOf(form.referenceMin),
    referenceMax: numberOf(form.referenceMax),
    currency,
    page: 1,
  };
  const checked = PriceComparisonRequest.safeParse(body);
  if (checked.success) return { body: body as PriceComparisonRequest };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? '') as FieldName;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** What went wrong with a run, as the spec's report messages (§8): its title and text. */
function failureOf(err: unknown): { title: string; text: string; locked: boolean } {
  if (err instanceof ApiError && err.code === 'PLAN_LIMIT') return { title: 'report.errors.limitTitle', text: 'report.errors.limitText', locked: true };
  if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return { title: 'report.errors.failedTitle', text: 'report.errors.failedText', locked: false };
  if (err instanceof ApiError && err.status < 500) return { title: 'report.errors.errorTitle', text: errorText(err, 'prices:report.errors.errorText'), locked: false };
  return { title: 'report.errors.errorTitle', text: 'report.errors.errorText', locked: false };
}

function SortHeader({ label, column, sort, order, onSort, className }: { label: string; column: ReportSort; sort: ReportSort; order: 'asc' | 'desc'; onSort: (s: ReportSort) => void; className?: string }) {
  const { t } = useTranslation('prices');
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('px-4 py-2.5 font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex cursor-pointer items-center gap-1 rounded uppercase tracking-wide hover:text-fg"
        title={t('report.sortBy', { column: label })}
        data-testid={`report-sort-${column}`}
      >
        {label}
        <Icon className={cn('h-3.5 w-3.5', !active && 'opacity-50')} aria-hidden />
      </button>
    </th>
  );
}

function ResultRow({ row, result }: { row: PriceComparisonRow; result: PriceComparisonResponse }) {
  const { t } = useTranslation('prices');
  const money = (cents: number) => formatCents(cents, result.currency);
  const cheaper = row.difference > 0;
  return (
    <tr className={cn('border-t border-border align-middle', stackedTable.row)} data-testid="report-row">
      <td className={cn('px-4 py-3', stackedTable.cell)} data-label={t('report.columns.card')}>
        <Link to={cardPath(row.card)} className="flex min-w-0 items-center gap-3 hover:underline max-sm:justify-end">
          <span className="w-10 shrink-0 max-sm:hidden">
            <CardImage card={row.card} sizes="40px" />
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{row.card.name}</span>
            <span className="block text-xs text-muted">
              {row.card.cardNumber}
              {row.card.variant ? ` · ${t('watches.variant', { variant: row.card.variant })}` : ''}
              {` · ${t('report.copies', { count: row.quantity })}`}
            </span>
          </span>
        </Link>
      </td>
      <td className={cn('px-4 py-3 text-right whitespace-nowrap tabular-nums', stackedTable.cell)} data-label={t('report.columns.differencePct')}>
        <span className={cn('font-semibold', cheaper ? 'text-success' : row.difference < 0 ? 'text-danger' : 'text-muted')}>
          {formatNumber(row.differencePct / 100, undefined, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })}
        </span>
      </td>
      <td className={cn('px-4 py-3 text-right whitespace-nowrap tabular-nums', stackedTable.cell)} data-label={t('report.columns.reference', { market: marketName(result.reference) })}>
        {money(row.referencePrice)}
        {row.estimate && result.reference === 'br' && <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>}
      </td>
      <td className={cn('px-4 py-3 text-right whitespace-nowrap tabular-nums', stackedTable.cell)} data-label={t('report.columns.lowest')}>
        <span className="flex flex-col items-end">
          <span>
            {money(row.lowestPrice)}
            {row.estimate && row.lowestMarket === 'br' && <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>}
          </span>
          <span className="text-xs text-muted" data-testid="report-lowest-market">
            {marketName(row.lowestMarket)}
          </span>
        </span>
      </td>
      <td className={cn('px-4 py-3 text-right whitespace-nowrap tabular-nums', stackedTable.cell)} data-label={t('report.columns.difference')}>
        {money(row.difference)}
      </td>
    </tr>
  );
}

/** /price-comparison: the cross-market price comparison report (spec §2, §5, §8; issue 15). */
export function PriceComparisonPage() {
  const { t } = useTranslation('prices');
  const uid = useId();
  const prefs = usePreferences();
  const usage = useReportUsage();
  const binders = useMyBinders();
  const decks = useMyDecks();
  const [form, setForm] = useState<Form>(() => ({
    scope: 'portfolio',
    reference: prefs.marketplace,
    compareAgainst: MARKETPLACES.map((m) => m.id).filter((m) => m !== prefs.marketplace),
    priceType: prefs.priceType,
    minDifferencePct: '0',
    referenceMin: '',
    referenceMax: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [request, setRequest] = useState<PriceComparisonRequest | null>(null);
  const [result, setResult] = useState<PriceComparisonResponse | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof failureOf> | null>(null);
  const [sort, setSort] = useState<ReportSort>('differencePct');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [exporting, setExporting] = useState(false);
  const current = useRef<AbortController | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const run = async (body: PriceComparisonRequest) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setRunning(true);
    setFailure(null);
    try {
      const answer = await reportsApi.run(body, controller.signal);
      if (controller.signal.aborted) return;
      setRequest(body);
      setResult(answer);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setFailure(failureOf(err));
    } finally {
      if (current.current === controller) setRunning(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const checked = requestOf(form, prefs.currency);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((f) => checked.errors[f]);
      if (first) document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setErrors({});
    void run({ ...checked.body, sort, order });
  };

  const onSort = (column: ReportSort) => {
    const nextOrder = sort === column ? (order === 'asc' ? 'desc' : 'asc') : column === 'card' ? 'asc' : 'desc';
    setSort(column);
    setOrder(nextOrder);
    // A preview is sorted here (asking again would be another report); a full report asks for its first page again.
    if (request && result && !result.preview) void run({ ...request, sort: column, order: nextOrder, page: 1 });
  };

  const goToPage = (page: number) => {
    if (!request) return;
    void run({ ...request, sort, order, page }).then(() => resultsRef.current?.scrollIntoView({ block: 'start' }));
  };

  const exportCsv = async () => {
    if (!result?.reportId || exporting) return;
    setExporting(true);
    try {
      downloadText(await reportsApi.exportCsv(result.reportId), 'price-comparison.csv');
      notify.success(t('report.exported'));
    } catch (err) {
      notify.error(err instanceof ApiError && err.code === 'PLAN_LIMIT' ? t('report.errors.exportLimit') : errorText(err, 'prices:report.errors.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const scopeOptions = [
    { value: 'portfolio', label: t('report.scopePortfolio') },
    ...(binders.data ?? []).filter((b) => b.category !== 'wishlist').map((b) => ({ value: `binder:${b.id}`, label: t('report.scopeBinder', { name: b.name }) })),
    ...(decks.data ?? []).map((d) => ({ value: `deck:${d.id}`, label: t('report.scopeDeck', { name: d.name }) })),
  ];
  const marketOptions = MARKETPLACES.map((m) => ({ value: m.id, label: m.name, hint: t(`watches.regions.${m.region}`) }));
  const u = usage.data;
  const usageText = u
    ? u.limit === null
      ? t('report.unlimited')
      : t('report.remaining', { count: u.remaining ?? 0, limit: u.limit, date: formatDate(u.resetsAt, { weekday: 'short', day: 'numeric', month: 'short' }) })
    : null;
  const locked = u?.remaining === 0;
  const fieldProps = (name: FieldName) => ({ id: `${uid}-${name}`, error: errors[name] ? validationText(errors[name]) : undefined });

  const rows = result ? (result.preview ? [...result.rows].sort(compareRows(sort, order)) : result.rows) : [];
  const from = result && result.total ? (result.page - 1) * result.pageSize + 1 : 0;
  const to = result ? from + result.rows.length - 1 : 0;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;

  return (
    <div data-testid="price-comparison-page">
      <PageTitle title={t('report.title')} />
      <PageHeader
        title={t('report.title')}
        description={t('report.lead')}
        actions={
          // The badge's room is kept while the plan's figures load, so the form does not move down when they come.
          usageText ? (
            <Badge className={cn('h-7 gap-1.5 px-2.5', locked && 'border-danger/40 bg-danger/10')} data-testid="report-usage">
              {locked && <Lock className="h-3.5 w-3.5" aria-hidden />}
              {usageText}
            </Badge>
          ) : (
            <Skeleton className="h-7 w-64" />
          )
        }
      />

      <form onSubmit={submit} noValidate className="rounded-xl border border-border bg-surface p-4 sm:p-5" aria-label={t('report.formLabel')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field {...fieldProps('scope')} label={t('report.scope')}>
            <Select id={`${uid}-scope`} label={t('report.scope')} value={form.scope} onValueChange={(v) => set('scope', v)} options={scopeOptions} className="w-full" />
          </Field>
          <Field {...fieldProps('reference')} label={t('report.reference')}>
            <Select
              id={`${uid}-reference`}
              label={t('report.reference')}
              value={form.reference}
              placeholder={t('report.referencePlaceholder')}
              onValueChange={(v) => {
                setForm((f) => ({ ...f, reference: v as MarketplaceId, compareAgainst: f.compareAgainst.filter((m) => m !== v) }));
                setErrors((e) => ({ ...e, reference: undefined }));
              }}
              options={marketOptions.map((m) => ({ value: m.value, label: `${m.label} (${m.hint})`, short: m.label }))}
              className="w-full"
            />
          </Field>
          <Field {...fieldProps('compareAgainst')} label={t('report.compareAgainst')}>
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
          <Field {...fieldProps('minDifferencePct')} label={t('report.minDifference')} hint={t('report.minDifferenceHint')}>
            <TextInput
              id={`${uid}-minDifferencePct`}
              inputMode="decimal"
              value={form.minDifferencePct}
              onChange={(e) => set('minDifferencePct', e.target.value)}
              invalid={Boolean(errors.minDifferencePct)}
              {...describedBy(`${uid}-minDifferencePct`, errors.minDifferencePct, true)}
            />
          </Field>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{t('report.referenceRange', { currency: prefs.currency })}</legend>
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
        </div>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <p className="text-xs text-muted">{u?.previewRows ? t('report.previewNote', { count: u.previewRows }) : t('report.pricesNote', { currency: prefs.currency })}</p>
          <Button type="submit" disabled={running} data-testid="report-run">
            {running ? <Spinner className="h-4 w-4" label={t('report.running')} /> : <Play className="h-4 w-4" aria-hidden />}
            {t('report.run')}
          </Button>
        </div>
      </form>

      {failure && (
        <div className="mt-4" data-testid="report-failure">
          <FormMessage>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span>
                <strong className="font-semibold">{t(failure.title)}</strong> {failure.text.startsWith('report.') ? t(failure.text) : failure.text}
              </span>
              {failure.locked && (
                <Link to="/settings?tab=subscription" className={buttonClass('secondary', 'sm')}>
                  {t('watches.seePlans')}
                </Link>
              )}
            </span>
          </FormMessage>
        </div>
      )}

      <div ref={resultsRef} className="mt-6 scroll-mt-20" aria-live="polite" aria-busy={running}>
        {!result && running && <Skeleton className="h-72" />}
        {!result && !running && (
          <EmptyState icon={<Scale className="h-10 w-10" aria-hidden />} title={t('report.emptyTitle')}>
            {t('report.emptyText')}
          </EmptyState>
        )}
        {result && result.total === 0 && (
          <EmptyState icon={<Scale className="h-10 w-10" aria-hidden />} title={t('report.noRowsTitle')}>
            <p>{t('report.noRowsText', { count: result.scopePrints })}</p>
            {result.usage.limit !== null && <p className="mt-2">{t('report.notCounted')}</p>}
          </EmptyState>
        )}
        {result && result.total > 0 && (
          <section aria-labelledby={`${uid}-results`} className={cn('flex flex-col gap-3', running && 'opacity-60')} data-testid="report-results">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id={`${uid}-results`} className="text-lg font-semibold">
                  {t('report.resultsTitle', { reference: marketName(result.reference) })}
                </h2>
                <p className="text-sm text-muted" data-testid="report-summary">
                  {result.preview
                    ? t('report.previewSummary', { shown: formatNumber(result.rows.length), count: result.total, total: formatNumber(result.total) })
                    : t('report.summary', { from: formatNumber(from), to: formatNumber(to), count: result.total, total: formatNumber(result.total) })}
                  {result.unpriced > 0 && ` · ${t('report.unpriced', { count: result.unpriced })}`}
                </p>
              </div>
              <Button variant="secondary" onClick={() => void exportCsv()} disabled={!result.reportId || exporting} data-testid="report-export">
                {exporting ? <Spinner className="h-4 w-4" label={t('report.exporting')} /> : <Download className="h-4 w-4" aria-hidden />}
                {t('report.export')}
                {u?.exportLimit != null && <span className="text-xs text-muted">({t('report.exportsLeft', { count: u.exportsRemaining ?? 0 })})</span>}
              </Button>
            </div>
            <div className="overflow-hidden rounded-xl border border-border bg-surface">
              <table className={stackedTable.table}>
                <caption className="sr-only">{t('report.resultsTitle', { reference: marketName(result.reference) })}</caption>
                <thead className={cn('bg-surface-2 text-xs uppercase tracking-wide text-muted', stackedTable.head)}>
                  <tr>
                    <SortHeader label={t('report.columns.card')} column="card" sort={sort} order={order} onSort={onSort} />
                    <SortHeader label={t('report.columns.differencePct')} column="differencePct" sort={sort} order={order} onSort={onSort} className="text-right" />
                    <SortHeader label={t('report.columns.reference', { market: marketName(result.reference) })} column="referencePrice" sort={sort} order={order} onSort={onSort} className="text-right" />
                    <SortHeader label={t('report.columns.lowest')} column="lowestPrice" sort={sort} order={order} onSort={onSort} className="text-right" />
                    <SortHeader label={t('report.columns.difference')} column="difference" sort={sort} order={order} onSort={onSort} className="text-right" />
                  </tr>
                </thead>
                <tbody className={stackedTable.body}>
                  {rows.map((row) => (
                    <ResultRow key={row.cardId} row={row} result={result} />
                  ))}
                </tbody>
              </table>
            </div>
            {result.preview ? (
              <FormMessage tone="info">
                <span className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="report-preview-note">
                  <span>{t('report.previewUpgrade', { count: result.total })}</span>
                  <Link to="/settings?tab=subscription" className={buttonClass('secondary', 'sm')}>
                    {t('watches.seePlans')}
                  </Link>
                </span>
              </FormMessage>
            ) : (
              pages > 1 && (
                <nav className="flex items-center justify-between gap-3" aria-label={t('report.pagination')}>
                  <Button variant="secondary" size="sm" disabled={result.page <= 1 || running} onClick={() => goToPage(result.page - 1)}>
                    {t('report.previous')}
                  </Button>
                  <span className="text-sm text-muted tabular-nums">{t('report.pageOf', { page: formatNumber(result.page), pages: formatNumber(pages) })}</span>
                  <Button variant="secondary" size="sm" disabled={result.page >= pages || running} onClick={() => goToPage(result.page + 1)}>
                    {t('report.next')}
                  </Button>
                </nav>
              )
            )}
            {rows.some((r) => r.demo) && <Footnote>{t('report.demoNote')}</Footnote>}
          </section>
        )}
      </div>
    </div>
  );
}

function Footnote({ children }: { children: ReactNode }) {
  return <p className="text-xs text-muted">{children}</p>;
}

/** The preview's own order (its few rows are sorted here, as the server sorts a full report). */
function compareRows(sort: ReportSort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const value = (r: PriceComparisonRow) => (sort === 'differencePct' ? r.differencePct : sort === 'difference' ? r.difference : sort === 'referencePrice' ? r.referencePrice : sort === 'lowestPrice' ? r.lowestPrice : 0);
  return (a: PriceComparisonRow, b: PriceComparisonRow) =>
    sort === 'card' ? sign * a.card.cardNumber.localeCompare(b.card.cardNumber) || a.cardId - b.cardId : sign * (value(a) - value(b)) || a.card.cardNumber.localeCompare(b.card.cardNumber);
}

