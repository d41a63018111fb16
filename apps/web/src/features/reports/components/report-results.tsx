import type { PriceComparisonResponse, ReportSort, ReportUsage } from '@grandline/core/contracts/reports';
import { Download, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { DataTable } from '@/components/ui/data-table';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/error-text';
import { formatDate, formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import { reportsApi } from '@/features/reports/api/reports-api';
import { compareRows } from '@/features/reports/utils/report-form';
import { marketplaceName } from '@grandline/core/marketplaces';
import { useReportColumns } from './report-row';

interface Sorting {
  sort: ReportSort;
  order: 'asc' | 'desc';
  onSort: (column: ReportSort) => void;
}

/** A report's answer: nothing found, or its rows with the summary, the CSV export, the preview note or the pages. */
export function ReportResults({
  result,
  ranAt,
  usage,
  running,
  sorting,
  onPage,
}: {
  result: PriceComparisonResponse;
  /** When a kept report ran (it reopened from the week's report), to say whose prices these are. */
  ranAt: string | null;
  usage: ReportUsage | undefined;
  running: boolean;
  sorting: Sorting;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('prices');
  const uid = useId();
  const { exporting, exportCsv } = useCsvExport(result.reportId);
  const columns = useReportColumns(result);
  if (result.total === 0) {
    return (
      <EmptyState icon={<Scale className="h-10 w-10" aria-hidden />} title={t('report.noRowsTitle')}>
        <p>{t('report.noRowsText', { count: result.scopePrints })}</p>
        {result.usage.limit !== null && <p className="mt-2">{t('report.notCounted')}</p>}
      </EmptyState>
    );
  }
  const { sort, order, onSort } = sorting;
  const rows = result.preview ? [...result.rows].sort(compareRows(sort, order)) : result.rows;
  const from = (result.page - 1) * result.pageSize + 1;
  const to = from + result.rows.length - 1;
  const title = t('report.resultsTitle', { reference: marketplaceName(result.reference) });
  return (
    <section aria-labelledby={`${uid}-results`} className={cn('flex flex-col gap-3', running && 'opacity-60')} data-testid="report-results">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${uid}-results`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted" data-testid="report-summary">
            {result.preview
              ? t('report.previewSummary', { shown: formatNumber(result.rows.length), count: result.total, total: formatNumber(result.total) })
              : t('report.summary', { from: formatNumber(from), to: formatNumber(to), count: result.total, total: formatNumber(result.total) })}
            {result.unpriced > 0 && ` · ${t('report.unpriced', { count: result.unpriced })}`}
          </p>
          {ranAt && (
            <p className="text-xs text-muted" data-testid="report-ran-at">
              {t('report.ranAt', { date: formatDate(ranAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={!result.reportId || exporting} data-testid="report-export">
          {exporting ? <Spinner className="h-4 w-4" label={t('report.exporting')} /> : <Download className="h-4 w-4" aria-hidden />}
          {t('report.export')}
          {usage?.exportLimit != null && <span className="text-xs text-muted">({t('report.exportsLeft', { count: usage.exportsRemaining ?? 0 })})</span>}
        </Button>
      </div>
      <DataTable
        className="overflow-hidden rounded-xl border border-border bg-surface"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.cardId}
        rowProps={() => ({ 'data-testid': 'report-row' })}
        caption={title}
        density="roomy"
        sort={{ column: sort, direction: order }}
        onSortChange={(column) => onSort(column as ReportSort)}
        sortTestIdPrefix="report-sort-"
      />
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
        <Pages result={result} running={running} onPage={onPage} />
      )}
      {rows.some((r) => r.demo) && <p className="text-xs text-muted">{t('report.demoNote')}</p>}
    </section>
  );
}

/** The CSV export of a run (one of the month on Free): the file, or the message of why not. */
function useCsvExport(reportId: string | null) {
  const { t } = useTranslation('prices');
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!reportId || exporting) return;
    setExporting(true);
    try {
      downloadText(await reportsApi.exportCsv(reportId), 'price-comparison.csv');
      notify.success(t('report.exported'));
    } catch (err) {
      notify.error(err instanceof ApiError && err.code === 'PLAN_LIMIT' ? t('report.errors.exportLimit') : errorText(err, 'prices:report.errors.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

function Pages({ result, running, onPage }: { result: PriceComparisonResponse; running: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('prices');
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={t('report.pagination')}>
      <Button variant="secondary" size="sm" disabled={result.page <= 1 || running} onClick={() => onPage(result.page - 1)}>
        {t('report.previous')}
      </Button>
      <span className="text-sm text-muted tabular-nums">{t('report.pageOf', { page: formatNumber(result.page), pages: formatNumber(pages) })}</span>
      <Button variant="secondary" size="sm" disabled={result.page >= pages || running} onClick={() => onPage(result.page + 1)}>
        {t('report.next')}
      </Button>
    </nav>
  );
}
