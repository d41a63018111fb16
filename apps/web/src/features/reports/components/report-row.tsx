import type { PriceComparisonResponse, PriceComparisonRow, ReportSort } from '@grandline/core/contracts/reports';
import { ESTIMATED_MARKET, marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { cardPath } from '@grandline/core/slug';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { stackedTable } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';

export function SortHeader({ label, column, sort, order, onSort, className }: { label: string; column: ReportSort; sort: ReportSort; order: 'asc' | 'desc'; onSort: (s: ReportSort) => void; className?: string }) {
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

const cellClass = cn('px-4 py-3 text-right whitespace-nowrap tabular-nums', stackedTable.cell);

export function ResultRow({ row, result }: { row: PriceComparisonRow; result: PriceComparisonResponse }) {
  const { t } = useTranslation('prices');
  const money = (cents: number) => formatCents(cents, result.currency);
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
      <td className={cellClass} data-label={t('report.columns.differencePct')} data-testid="report-difference">
        <span className="font-medium">
          <DifferenceText pct={row.differencePct} />
        </span>
      </td>
      <td className={cellClass} data-label={t('report.columns.reference', { market: marketplaceName(result.reference) })}>
        {money(row.referencePrice)}
        {row.estimate && result.reference === ESTIMATED_MARKET.id && <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>}
      </td>
      <td className={cellClass} data-label={t('report.columns.lowest')}>
        <span className="flex flex-col items-end">
          <span>
            {money(row.lowestPrice)}
            {row.estimate && row.lowestMarket === ESTIMATED_MARKET.id && <span className="ml-1 text-xs text-muted">{t('watches.estimateShort')}</span>}
          </span>
          <span className="text-xs text-muted" data-testid="report-lowest-market">
            {marketplaceName(row.lowestMarket)}
          </span>
        </span>
      </td>
      {/* The amount per copy; its direction is the difference's words, beside it. */}
      <td className={cellClass} data-label={t('report.columns.difference')} data-testid="report-per-copy">
        {money(Math.abs(row.difference))}
      </td>
      <td className={cellClass} data-label={t('report.columns.totalSaving')} data-testid="report-total-saving">
        {row.totalSaving > 0 ? (
          <span className="font-medium">{money(row.totalSaving)}</span>
        ) : (
          <span className="text-muted">
            <span aria-hidden>—</span>
            <span className="sr-only">{t('report.noSaving')}</span>
          </span>
        )}
      </td>
    </tr>
  );
}
