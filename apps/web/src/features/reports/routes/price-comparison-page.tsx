import type { PriceComparisonRequest, PriceComparisonResponse, ReportSort } from '@grandline/core/contracts/reports';
import { Lock, Scale } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { FormMessage } from '@/components/ui/form';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { latestReportQuery, reportsApi, reportUsageQuery, useLatestReport, useReportUsage } from '@/features/reports/api/reports-api';
import { ReportFormCard } from '@/features/reports/components/report-form';
import { ReportResults } from '@/features/reports/components/report-results';
import { failureOf, FIELD_ORDER, formOf, newForm, requestOf, requestOfParams, type Failure, type FieldErrors, type ReportForm } from '@/features/reports/utils/report-form';

export const loader = () => {
  void queryClient.prefetchQuery(reportUsageQuery());
  void queryClient.prefetchQuery(latestReportQuery());
  return null;
};

/** What the page shows: the answer of a run (or of the week's report, reopened), with the request to page or sort it. */
interface Shown {
  request: PriceComparisonRequest;
  result: PriceComparisonResponse;
  /** When a reopened report ran; null for a run of this visit. */
  ranAt: string | null;
}

/**
 * /price-comparison: the cross-market price comparison report (spec §2, §5, §8; issue 15). The week's report reopens
 * as it was answered — parameters in the form, rows in the table — until the week resets (issue 46).
 */
export function PriceComparisonPage() {
  const { t } = useTranslation('prices');
  const uid = useId();
  const prefs = usePreferences();
  const usage = useReportUsage();
  const latest = useLatestReport();
  const [form, setForm] = useState<ReportForm>(() => newForm(prefs.marketplace, prefs.priceType));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState<Shown | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sort, setSort] = useState<ReportSort>('differencePct');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const current = useRef<AbortController | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  // The week's report reopens once, when it comes (state adjusted while rendering, as React advises for what follows
  // a query), unless the user has already changed the form or run a report.
  const [reopen, setReopen] = useState<'waiting' | 'done'>('waiting');
  if (reopen === 'waiting' && !latest.isPending) {
    setReopen('done');
    const kept = latest.data?.report;
    if (kept) {
      setForm(formOf(kept.params));
      setSort(kept.params.sort);
      setOrder(kept.params.order);
      setShown({ request: requestOfParams(kept.params), result: kept.result, ranAt: kept.ranAt });
    }
  }

  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => {
    setReopen('done');
    // A new reference is no longer a market to compare against.
    setForm((f) => ({ ...f, [key]: value, ...(key === 'reference' ? { compareAgainst: f.compareAgainst.filter((m) => m !== value) } : {}) }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const run = async (body: PriceComparisonRequest) => {
    setReopen('done');
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setRunning(true);
    setFailure(null);
    try {
      const answer = await reportsApi.run(body, controller.signal);
      if (controller.signal.aborted) return;
      setShown({ request: body, result: answer, ranAt: null });
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
    if (shown && !shown.result.preview) void run({ ...shown.request, sort: column, order: nextOrder, page: 1 });
  };

  const goToPage = (page: number) => {
    if (!shown) return;
    void run({ ...shown.request, sort, order, page }).then(() => resultsRef.current?.scrollIntoView({ block: 'start' }));
  };

  const u = usage.data;
  const usageText = u
    ? u.limit === null
      ? t('report.unlimited')
      : t('report.remaining', { count: u.remaining ?? 0, limit: u.limit, date: formatDate(u.resetsAt, { weekday: 'short', day: 'numeric', month: 'short' }) })
    : null;
  const locked = u?.remaining === 0;

  return (
    <div data-testid="price-comparison-page">
      <PageTitle title={t('report.title')} />
      <PageHeader
        title={t('report.title')}
        description={t('report.lead')}
        actions={
          // The badge's room is kept while the plan's figures load, so the form does not move down when they come.
          usageText ? (
            <Badge className={cn('h-auto min-h-7 gap-1.5 px-2.5 py-1', locked && 'border-danger/40 bg-danger/10')} data-testid="report-usage">
              {locked && <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden />}
              {usageText}
            </Badge>
          ) : (
            <Skeleton className="h-7 w-64 max-w-full" />
          )
        }
      />

      <ReportFormCard uid={uid} form={form} errors={errors} currency={prefs.currency} set={set} onSubmit={submit} usage={u} usagePending={usage.isPending} running={running} />

      {failure && (
        <div className="mt-4" data-testid="report-failure">
          <FormMessage>
            <strong className="font-semibold">{t(failure.title)}</strong> {failure.text.startsWith('report.') ? t(failure.text) : failure.text}
          </FormMessage>
        </div>
      )}

      <div ref={resultsRef} className="mt-6 scroll-mt-20" aria-live="polite" aria-busy={running}>
        {!shown && (running || latest.isPending) && <Skeleton className="h-72" />}
        {!shown && !running && !latest.isPending && (
          <EmptyState icon={<Scale className="h-10 w-10" aria-hidden />} title={t('report.emptyTitle')}>
            {t('report.emptyText')}
          </EmptyState>
        )}
        {shown && (
          <ReportResults
            result={shown.result}
            ranAt={shown.ranAt}
            usage={u}
            running={running}
            sorting={{ sort, order, onSort }}
            onPage={goToPage}
          />
        )}
      </div>
    </div>
  );
}
