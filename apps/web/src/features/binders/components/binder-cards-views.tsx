import { CARD_CONDITIONS, CARD_LANGUAGES } from '@grandline/core/collection/options';
import type { BinderCardRow, BinderDetail } from '@grandline/core/contracts/binders';
import { cardPath } from '@grandline/core/slug';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { AnyPrintToggle, Paid, RowDetails, RowMenu, RowSelect, Stepper } from './binder-row-controls';
import { RowPrice, type RowPrices } from './row-price';
import { rarityCode, rarityName } from '@/components/card/rarity';
import { formatNumber } from '@/lib/format';

const gridColumns = 'grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';
type ListColumn = 'card' | 'rarity' | 'condition' | 'language' | 'paid' | 'value' | 'quantity' | 'actions';

interface RowsProps {
  binder: BinderDetail;
  rows: BinderCardRow[];
  editable: boolean;
  /** The rows shown are the previous page's while the next one loads. */
  stale: boolean;
  /** The current prices of the page's prints. */
  prices: RowPrices;
}

/** The rows as card images with their copies; the owner gets the row menu and a quantity stepper. */
function GridTile({ binder, row, editable, prices }: { binder: BinderDetail; row: BinderCardRow; editable: boolean; prices: RowPrices }) {
  const { t } = useTranslation('binders');
  return (
    // Off-screen tiles skip layout and paint until scrolled near (a phone lays out 60 tiles in one long task), at about
    // their own height (index.css .binder-tile).
    <li className="binder-tile flex flex-col gap-1.5" data-testid="binder-row">
      <Link to={cardPath(row.card)} className="relative block rounded-lg focus-visible:ring-2 focus-visible:ring-accent">
        <CardImage card={row.card} />
        <span className="absolute right-1.5 top-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold tabular-nums text-white" aria-hidden>
          ×{formatNumber(row.quantity)}
        </span>
      </Link>
      <div className="flex items-start justify-between gap-1">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{row.card.name}</p>
          <RowDetails row={row} />
          <RowPrice prices={prices} cardId={row.card.id} quantity={row.quantity} layout="inline" />
        </div>
        {editable && <RowMenu row={row} binderId={binder.id} isCover={binder.cover?.id === row.card.id} />}
      </div>
      {(row.condition || row.language) && <p className="text-xs text-muted">{[row.condition && t(`conditions.${row.condition}`), row.language].filter(Boolean).join(' · ')}</p>}
      {editable && binder.category === 'wishlist' && <AnyPrintToggle row={row} binderId={binder.id} />}
      {editable && <Stepper row={row} binderId={binder.id} compact />}
    </li>
  );
}

/**
 * Memoized, like BinderList: the rows and prices it gets are deferred values (binder-cards.tsx), so the urgent re-render
 * a query answer causes (useSyncExternalStore: not sliced) skips the 60 tiles; only the deferred pass redraws them.
 */
export const BinderGrid = memo(function BinderGrid({ binder, rows, editable, stale, prices }: RowsProps) {
  return (
    <ul className={cn('binder-grid', gridColumns, stale && 'opacity-60')} data-testid="binder-grid">
      {rows.map((row) => (
        <GridTile key={row.id} binder={binder} row={row} editable={editable} prices={prices} />
      ))}
    </ul>
  );
});

/** The grid's outline while a page of rows loads: the tiles' columns and heights (image, name, details, price, stepper). */
export function GridSkeleton({ tiles, editable }: { tiles: number; editable: boolean }) {
  return (
    <ul className={gridColumns} aria-busy="true" data-testid="binder-rows-loading">
      {Array.from({ length: tiles }, (_, i) => (
        <li key={i} className="flex flex-col gap-1.5">
          <Skeleton className="aspect-[600/838] rounded-lg" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          {editable && <Skeleton className="h-7 w-24" />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The rows as a table; the owner picks rows with checkboxes (one, or the whole page) and changes condition,
 * language and copies in place.
 */
export const BinderList = memo(function BinderList({
  binder,
  rows,
  editable,
  stale,
  prices,
  selected,
  allOnPage,
  onToggleRow,
  onTogglePage,
}: RowsProps & { selected: ReadonlySet<number>; allOnPage: boolean; onToggleRow: (id: number) => void; onTogglePage: () => void }) {
  const { t } = useTranslation('binders');
  const checkbox = 'h-4 w-4 cursor-pointer accent-[var(--color-accent)]';
  const header = (column: ListColumn) => t(`cards.columns.${column}`);
  const columns: (DataTableColumn<BinderCardRow> | false)[] = [
    editable && {
      id: 'select',
      header: <input type="checkbox" className={checkbox} checked={allOnPage} aria-label={t('cards.selectPage')} onChange={onTogglePage} />,
      label: t('cards.selectPage'),
      headerClassName: 'w-10',
      cell: (row) => <input type="checkbox" className={checkbox} checked={selected.has(row.id)} aria-label={t('cards.select', { name: row.card.name })} onChange={() => onToggleRow(row.id)} />,
    },
    {
      id: 'card',
      header: header('card'),
      cell: (row) => (
        <>
          <Link to={cardPath(row.card)} className="flex items-center gap-3 hover:underline">
            <div className="w-9 shrink-0">
              <CardImage card={row.card} />
            </div>
            <span className="min-w-0">
              <span className="block truncate font-medium">{row.card.name}</span>
              <RowDetails row={row} />
            </span>
          </Link>
          {editable && binder.category === 'wishlist' && <AnyPrintToggle row={row} binderId={binder.id} />}
        </>
      ),
    },
    { id: 'rarity', header: header('rarity'), cellProps: (row) => ({ title: rarityName(row.card.rarity) }), cell: (row) => rarityCode(row.card.rarity) },
    {
      id: 'condition',
      header: header('condition'),
      cell: (row) =>
        editable ? <RowSelect row={row} binderId={binder.id} field="condition" options={CARD_CONDITIONS} label={header('condition')} /> : row.condition ? t(`conditions.${row.condition}`) : '—',
    },
    {
      id: 'language',
      header: header('language'),
      cell: (row) => (editable ? <RowSelect row={row} binderId={binder.id} field="language" options={CARD_LANGUAGES} label={header('language')} /> : (row.language ?? '—')),
    },
    { id: 'paid', header: header('paid'), cell: (row) => <Paid row={row} /> },
    { id: 'value', header: header('value'), cell: (row) => <RowPrice prices={prices} cardId={row.card.id} quantity={row.quantity} layout="cell" /> },
    {
      id: 'quantity',
      header: header('quantity'),
      cell: (row) => (editable ? <Stepper row={row} binderId={binder.id} compact /> : <span className="tabular-nums">{formatNumber(row.quantity)}</span>),
    },
    editable && {
      id: 'actions',
      header: <span className="sr-only">{t('cards.columns.actions')}</span>,
      label: t('cards.columns.actions'),
      headerClassName: 'w-10',
      cell: (row) => <RowMenu row={row} binderId={binder.id} isCover={binder.cover?.id === row.card.id} />,
    },
  ];
  return (
    <DataTable
      className={cn('overflow-x-auto rounded-xl border border-border bg-surface', stale && 'opacity-60')}
      tableClassName="min-w-[46rem]"
      tableTestId="binder-list"
      caption={t('cards.listCaption', { name: binder.name })}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={() => ({ 'data-testid': 'binder-row' })}
      phone="scroll"
    />
  );
});

/** Previous, "page N of M", next. */
export function BinderPager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('binders');
  return (
    <nav className="flex items-center justify-center gap-3" aria-label={t('cards.pages')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('cards.previous')}
      </Button>
      <span className="text-sm tabular-nums text-muted">{t('cards.page', { page, count: pageCount })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('cards.next')}
      </Button>
    </nav>
  );
}
