import type { PriceComparisonResponse, PriceComparisonRow, ReportSort } from '@grandline/core/contracts/reports';
import { ESTIMATED_MARKET, marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { cardPath } from '@grandline/core/slug';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatPercent } from '@/lib/format';

/**
 * What the difference means, in words (issue 46): "cheaper by 5.1%" — the lowest compared price against the
 * reference — or "dearer by 2.0%", never a bare signed figure. The percentage in the interface language.
 */
function DifferenceText({ pct }: { pct: number }) {
  const { t } = useTranslation('prices');
  const figure = formatPercent(Math.abs(pct) / 100, undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (pct === 0) return <>{t('report.samePrice')}</>;
  return <>{t(pct > 0 ? 'report.cheaperBy' : 'report.dearerBy', { pct: figure })}</>;
}

/**
 * The report's columns: the card, then the figures (right-aligned), each a sort the caller applies (the server, or
 * the preview's own rows).
 */
export function useReportColumns(result: PriceComparisonResponse): DataTableColumn<PriceComparisonRow>[] {
  const { t } = useTranslation('prices');
  const money = (cents: number) => formatCents(cents, result.currency);
  const estimate = <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>;
  return [
    {
      id: 'card' satisfies ReportSort,
      header: t('report.columns.card'),
      sortable: true,
      cell: (row) => (
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
      ),
    },
    {
      id: 'differencePct' satisfies ReportSort,
      header: t('report.columns.differencePct'),
      sortable: true,
      numeric: true,
      cellProps: () => ({ 'data-testid': 'report-difference' }),
      cell: (row) => (
        <span className="font-medium">
          <DifferenceText pct={row.differencePct} />
        </span>
      ),
    },
    {
      id: 'referencePrice' satisfies ReportSort,
      header: t('report.columns.reference', { market: marketplaceName(result.reference) }),
      sortable: true,
      numeric: true,
      cell: (row) => (
        <>
          {money(row.referencePrice)}
          {row.estimate && result.reference === ESTIMATED_MARKET.id && estimate}
        </>
      ),
    },
    {
      id: 'lowestPrice' satisfies ReportSort,
      header: t('report.columns.lowest'),
      sortable: true,
      numeric: true,
      cell: (row) => (
        <span className="flex flex-col items-end">
          <span>
            {money(row.lowestPrice)}
            {row.estimate && row.lowestMarket === ESTIMATED_MARKET.id && estimate}
          </span>
          <span className="text-xs text-muted" data-testid="report-lowest-market">
            {marketplaceName(row.lowestMarket)}
          </span>
        </span>
      ),
    },
    // The amount per copy; its direction is the difference's words, beside it.
    { id: 'difference' satisfies ReportSort, header: t('report.columns.difference'), sortable: true, numeric: true, cellProps: () => ({ 'data-testid': 'report-per-copy' }), cell: (row) => money(Math.abs(row.difference)) },
    {
      id: 'totalSaving' satisfies ReportSort,
      header: t('report.columns.totalSaving'),
      sortable: true,
      numeric: true,
      cellProps: () => ({ 'data-testid': 'report-total-saving' }),
      cell: (row) =>
        row.totalSaving > 0 ? (
          <span className="font-medium">{money(row.totalSaving)}</span>
        ) : (
          <span className="text-muted">
            <span aria-hidden>—</span>
            <span className="sr-only">{t('report.noSaving')}</span>
          </span>
        ),
    },
  ];
}
